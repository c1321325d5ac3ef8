// One group of the moderation queue: its target, the reports about it (takedown requests with their
// details), and the actions that fit the target in its present state.
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Button, Card, Descriptions, Flex, Tag } from 'antd'
import {
  ACTIONS_BY_TARGET,
  type ModerationAction,
  type QueueGroup,
  type ReportView,
  type TargetPreview,
  type TargetRef,
} from '../../../common/api/moderation'
import { RelativeTime } from '../../components/RelativeTime'
import { ActionDialog } from './ActionDialog'
import { TargetPreviewView, targetName } from './TargetPreviewView'

/** The actions a queue offers for a target: hide or restore by its hidden state, lift only while
 *  suspended, only dismiss once it is gone. A moderator cannot be suspended or banned (the server refuses:
 *  their role is revoked first). Grant and revoke live on the Moderators page: a report is no reason to
 *  change someone's role. */
export const queueActions = (preview: TargetPreview): ModerationAction[] => {
  if (preview.gone) return ['dismiss']
  const hidden = preview.type !== 'user' && preview.hidden
  const suspended = preview.type === 'user' && preview.suspension !== null
  const moderator = preview.type === 'user' && preview.moderator
  return ACTIONS_BY_TARGET[preview.type].filter((action) => {
    if (action === 'hide') return !hidden
    if (action === 'restore') return hidden
    if (action === 'lift') return suspended
    if (action === 'suspend' || action === 'ban') return !moderator
    return action !== 'grant' && action !== 'revoke'
  })
}

const ReportItem = ({ report }: { report: ReportView }) => (
  <li className="report-item" data-testid="report">
    <Flex gap={8} wrap align="center">
      <Tag color={report.takedown ? 'red' : 'default'}>
        <FormattedMessage id={`moderation.reason.${report.reason}`} />
      </Tag>
      <span>
        {report.reporter ?? (
          <em>
            <FormattedMessage id="moderation.takedown_request" />
          </em>
        )}
      </span>
      <span className="text-secondary">
        <RelativeTime time={report.time} />
      </span>
    </Flex>
    {report.note && <p className="report-note">{report.note}</p>}
    {report.takedown && (
      <Descriptions
        column={1}
        size="small"
        bordered
        items={(['claimant', 'contact', 'work', 'urls', 'statement'] as const).map((field) => ({
          key: field,
          label: <FormattedMessage id={`takedown.${field}`} />,
          children: <span className="pre-wrap">{report.takedown![field]}</span>,
        }))}
      />
    )}
  </li>
)

/** The author of a chart or comment, as a user target (by handle: 'name#handle'), to suspend from the
 *  group their content is reported in. */
export const authorOf = (preview: TargetPreview): { target: TargetRef; label: string } | undefined => {
  if (preview.gone || preview.type === 'user') return undefined
  const handle = preview.author.slice(preview.author.lastIndexOf('#') + 1)
  return handle ? { target: { type: 'user', id: handle }, label: preview.author } : undefined
}

export const QueueGroupCard = ({ group }: { group: QueueGroup }) => {
  const [action, setAction] = useState<ModerationAction>()
  const [suspendingAuthor, setSuspendingAuthor] = useState(false)
  const author = authorOf(group.preview)
  return (
    <Card
      size="small"
      data-testid="queue-group"
      title={
        <Flex gap={8} align="center">
          <Tag>
            <FormattedMessage id={`moderation.target.${group.target.type}`} />
          </Tag>
          <FormattedMessage id="moderation.report_count" values={{ n: group.reports.length }} />
        </Flex>
      }
      extra={<RelativeTime time={group.latestTime} />}
    >
      <Flex vertical gap={12}>
        <TargetPreviewView preview={group.preview} />
        <ul className="report-list">
          {group.reports.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
        <Flex gap={8} wrap>
          {queueActions(group.preview).map((name) => (
            <Button key={name} danger={name === 'delete' || name === 'ban'} onClick={() => setAction(name)}>
              <FormattedMessage id={`moderation.action.${name}`} />
            </Button>
          ))}
          {author && (
            <Button onClick={() => setSuspendingAuthor(true)}>
              <FormattedMessage id="moderation.suspend_author" />
            </Button>
          )}
        </Flex>
      </Flex>
      {action && (
        <ActionDialog
          target={group.target}
          action={action}
          label={targetName(group.preview)}
          onClose={() => setAction(undefined)}
        />
      )}
      {author && suspendingAuthor && (
        <ActionDialog
          target={author.target}
          action="suspend"
          label={author.label}
          onClose={() => setSuspendingAuthor(false)}
        />
      )}
    </Card>
  )
}
