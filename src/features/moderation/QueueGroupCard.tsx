// One group of the moderation queue: its target, the reports about it (takedown requests with their
// details), and the actions that fit the target in its present state; for a chart or comment, also its
// author's account, with the actions that fit it.
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Button, Card, Descriptions, Flex, Tag } from 'antd'
import {
  ACTIONS_BY_TARGET,
  type ModerationAction,
  type QueueGroup,
  type ReportView,
  type Suspension,
  type TargetPreview,
  type TargetRef,
} from '../../../common/api/moderation'
import { type MessageId } from '../../messageIds'
import { RelativeTime } from '../../components/RelativeTime'
import { type AccountAction, AccountStatus, accountActions } from './AccountModeration'
import { ActionDialog } from './ActionDialog'
import { TargetPreviewView, targetName } from './TargetPreviewView'

/** The actions a queue offers for a target: hide or restore by its hidden state, a user's by their
 *  account (accountActions), only dismiss once it is gone. Grant and revoke live on the Moderators page:
 *  a report is no reason to change someone's role. */
export const queueActions = (preview: TargetPreview): ModerationAction[] => {
  if (preview.gone) return ['dismiss']
  if (preview.type === 'user') return [...accountActions(preview), 'dismiss']
  return ACTIONS_BY_TARGET[preview.type].filter((action) =>
    action === 'hide' ? !preview.hidden : action === 'restore' ? preview.hidden : true,
  )
}

/** The author's actions say whom they act on: the group's own buttons act on the chart or comment. */
const AUTHOR_LABELS: Record<AccountAction, MessageId> = {
  suspend: 'moderation.suspend_author',
  lift: 'moderation.lift_author',
  change: 'moderation.change_author',
  ban: 'moderation.ban_author',
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

/** The author of a chart or comment, as a user target (by handle: 'name#handle'), with their account as
 *  it stands, to act on them from the group their content is reported in. */
export const authorOf = (
  preview: TargetPreview,
): { target: TargetRef; label: string; moderator: boolean; suspension: Suspension | null } | undefined => {
  if (preview.gone || preview.type === 'user') return undefined
  const handle = preview.author.slice(preview.author.lastIndexOf('#') + 1)
  return handle
    ? {
        target: { type: 'user', id: handle },
        label: preview.author,
        moderator: preview.authorModerator,
        suspension: preview.authorSuspension,
      }
    : undefined
}

export const QueueGroupCard = ({ group }: { group: QueueGroup }) => {
  const [action, setAction] = useState<ModerationAction>()
  const [authorAction, setAuthorAction] = useState<AccountAction>()
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
        {author && (
          <span className="text-secondary" data-testid="author-account">
            <FormattedMessage
              id="moderation.author_account"
              values={{
                status: <AccountStatus moderator={author.moderator} suspension={author.suspension} />,
              }}
            />
          </span>
        )}
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
          {author &&
            accountActions(author).map((name) => (
              <Button key={`author-${name}`} danger={name === 'ban'} onClick={() => setAuthorAction(name)}>
                <FormattedMessage id={AUTHOR_LABELS[name]} />
              </Button>
            ))}
        </Flex>
      </Flex>
      {action && (
        <ActionDialog
          target={group.target}
          action={action}
          label={targetName(group.preview)}
          current={
            group.preview.type === 'user' && !group.preview.gone ? group.preview.suspension : undefined
          }
          onClose={() => setAction(undefined)}
        />
      )}
      {author && authorAction && (
        <ActionDialog
          target={author.target}
          action={authorAction}
          label={author.label}
          current={author.suspension}
          onClose={() => setAuthorAction(undefined)}
        />
      )}
    </Card>
  )
}
