// What a queue group shows of its target: a chart's cover, title, author and state; a comment's author,
// words and chart; a user's name, role and suspension; or that the target is gone. People are links to
// their page, where moderators act on their account too.
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { Flex, Tag } from 'antd'
import { type Suspension, type TargetPreview } from '../../../common/api/moderation'
import { useBases } from '../../app/hooks'
import { chartInfoPath } from '../../app/routes'
import { UserLink } from '../../components/UserLink'

/** "Suspended until … (reason)", "Banned (reason)" or "Not suspended". */
export const SuspensionText = ({ suspension }: { suspension: Suspension | null }) => {
  if (!suspension) return <FormattedMessage id="moderation.not_suspended" />
  if (suspension.until === null)
    return <FormattedMessage id="moderation.banned" values={{ reason: suspension.reason }} />
  return (
    <FormattedMessage
      id="moderation.suspended_until"
      values={{ until: suspension.until, reason: suspension.reason }}
    />
  )
}

const HiddenTag = ({ hidden }: { hidden: boolean }) =>
  hidden ? (
    <Tag color="warning">
      <FormattedMessage id="moderation.hidden" />
    </Tag>
  ) : null

export const TargetPreviewView = ({ preview }: { preview: TargetPreview }) => {
  const bases = useBases()
  if (preview.gone) {
    return (
      <Flex gap={8} align="center" wrap>
        <Tag color="default">
          <FormattedMessage id="moderation.gone" />
        </Tag>
        <span className="text-secondary">
          <FormattedMessage id="moderation.gone_detail" />
        </span>
      </Flex>
    )
  }
  if (preview.type === 'chart') {
    return (
      <Flex gap={12} align="center">
        <img
          src={`${bases.data}${preview.coverHash}`}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="moderation-thumb"
        />
        <Flex vertical gap={2}>
          <Link to={chartInfoPath(preview.id)}>{preview.title}</Link>
          <UserLink author={preview.author} className="text-secondary" />
          <Flex gap={4} wrap>
            <HiddenTag hidden={preview.hidden} />
            {!preview.isPublic && (
              <Tag>
                <FormattedMessage id="chart.info.private" />
              </Tag>
            )}
          </Flex>
          {preview.hiddenReason && (
            <span className="text-secondary">
              <FormattedMessage id="moderation.reason_value" values={{ reason: preview.hiddenReason }} />
            </span>
          )}
        </Flex>
      </Flex>
    )
  }
  if (preview.type === 'comment') {
    return (
      <Flex vertical gap={4}>
        <Flex gap={8} align="center" wrap>
          <strong>
            <UserLink author={preview.author} />
          </strong>
          <HiddenTag hidden={preview.hidden} />
        </Flex>
        <blockquote className="moderation-quote">{preview.content}</blockquote>
        <span>
          <FormattedMessage
            id="moderation.on_chart"
            values={{ chart: <Link to={chartInfoPath(preview.chartId)}>{preview.chartTitle}</Link> }}
          />
        </span>
      </Flex>
    )
  }
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center" wrap>
        <strong>
          <UserLink author={`${preview.name}#${preview.handle}`} />
        </strong>
        {preview.moderator && (
          <Tag color="blue">
            <FormattedMessage id="moderation.role_moderator" />
          </Tag>
        )}
      </Flex>
      <span className="text-secondary">
        <SuspensionText suspension={preview.suspension} />
      </span>
    </Flex>
  )
}

/** How a target is named in a dialog's title. */
export const targetName = (preview: TargetPreview): string => {
  if (preview.gone) return preview.id
  if (preview.type === 'chart') return preview.title
  if (preview.type === 'comment') return `${preview.author}: ${preview.content.slice(0, 40)}`
  return `${preview.name}#${preview.handle}`
}
