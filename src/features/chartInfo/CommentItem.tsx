// One comment on chart info: its author, time, moment (a link there) and resolved mark, the text as Markdown
// with its moments linked, and the actions the server offers this viewer (reply, edit, delete, resolve or
// reopen, report).
import { FormattedMessage } from 'react-intl'
import { Button, Flex, Popconfirm, Tag } from 'antd'
import { type WebComment } from '../../../common/api/community'
import { ActionButton } from '../../components/ActionButton'
import { Markdown } from '../../components/Markdown'
import { RelativeTime } from '../../components/RelativeTime'
import { UserLink } from '../../components/UserLink'
import { formatMoment, linkMoments, momentHash } from '../watch'
import { ReportButton } from '../moderation'

const can = (comment: WebComment, type: string) => comment.actions.some((action) => action.type === type)

export const CommentItem = ({
  comment,
  canReport,
  onReply,
  onEdit,
  onDelete,
  onResolve,
}: {
  comment: WebComment
  canReport: boolean
  onReply: () => void
  onEdit: () => void
  onDelete: () => Promise<unknown>
  onResolve: (type: 'resolve' | 'reopen') => Promise<unknown>
}) => (
  <article className="comment-card" data-testid="comment">
    <Flex justify="space-between" gap={8} wrap>
      <strong>
        <UserLink author={comment.author} />
      </strong>
      <span className="text-secondary">
        <RelativeTime time={comment.time} />
        {comment.edited && (
          <>
            {' · '}
            <FormattedMessage id="community.edited" />
          </>
        )}
      </span>
    </Flex>
    {(comment.moment !== undefined || comment.resolved) && (
      <Flex gap={4} wrap>
        {comment.moment !== undefined && (
          <Tag color="magenta" data-testid="comment-moment">
            <a href={momentHash(comment.moment)}>
              <FormattedMessage id="community.moment_link" values={{ time: formatMoment(comment.moment) }} />
            </a>
          </Tag>
        )}
        {comment.resolved && (
          <Tag color="green" data-testid="comment-resolved">
            <FormattedMessage id="community.resolved" />
          </Tag>
        )}
      </Flex>
    )}
    <Markdown>{linkMoments(comment.markdown)}</Markdown>
    <Flex justify="space-between" align="center" gap={8}>
      {/* A long id gives way to the actions: they stay on the card. */}
      <span className="text-secondary text-ellipsis comment-id">#{comment.name}</span>
      <Flex gap={4} className="comment-actions">
        {can(comment, 'reply') && (
          <Button size="small" type="text" onClick={onReply}>
            <FormattedMessage id="community.reply" />
          </Button>
        )}
        {can(comment, 'edit') && (
          <Button size="small" type="text" onClick={onEdit}>
            <FormattedMessage id="community.edit" />
          </Button>
        )}
        {can(comment, 'delete') && (
          <Popconfirm
            title={<FormattedMessage id="chart.info.delete_confirm" />}
            okText={<FormattedMessage id="community.delete" />}
            okButtonProps={{ danger: true }}
            cancelText={<FormattedMessage id="chart.info.cancel" />}
            // antd keeps the button loading until the promise settles.
            // eslint-disable-next-line @typescript-eslint/no-misused-promises
            onConfirm={() => onDelete().catch(() => undefined)}
          >
            <Button size="small" type="text" danger>
              <FormattedMessage id="community.delete" />
            </Button>
          </Popconfirm>
        )}
        {(can(comment, 'resolve') || can(comment, 'reopen')) && (
          <ActionButton
            size="small"
            type="text"
            onAction={() => onResolve(can(comment, 'resolve') ? 'resolve' : 'reopen')}
          >
            <FormattedMessage id={can(comment, 'resolve') ? 'community.resolve' : 'community.reopen'} />
          </ActionButton>
        )}
        {canReport && (
          <ReportButton size="small" type="text" target={{ type: 'comment', id: comment.name }} />
        )}
      </Flex>
    </Flex>
  </article>
)
