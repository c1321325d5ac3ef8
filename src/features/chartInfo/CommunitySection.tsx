// docs/spec.md §2 "Chart info" community: like/unlike and rate/unrate (after unrate the slider returns to 5), the
// comment form (new, reply, edit; 'Replying to {0}...' / 'Editing {0}...'; cleared after submit or
// Clear), and the comment list (5 visible pages, cards 720 wide). Loading flags gate each part. Other
// logged-in users may report a comment. A comment's author links to their page. A comment or reply may say
// which moment of the chart it is about: it links there (the player seeks) and is marked on the preview;
// the chart's owner marks feedback resolved, and the list shows all, the open or the resolved comments.
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { Alert, Button, Card, Empty, Flex, Input, Segmented, Slider, Spin, Typography } from 'antd'
import { HeartFilled, HeartOutlined, StarOutlined } from '@ant-design/icons'
import { type WebComment } from '../../../common/api/community'
import { type RawChart } from '../../../common/api/levels'
import { splitAuthor } from '../../../common/format'
import {
  COMMENT_MAX_LENGTH,
  COMMENT_STATES,
  COMMENT_VISIBLE_PAGES,
  type CommentState,
  RATING_MAX,
  RATING_MIN,
} from '../../../common/rules'
import { stripControl } from '../../../common/text'
import {
  type CommentAction,
  type CommunityAction,
  useGetCommentsQuery,
  useGetCommunityStatusQuery,
  useSubmitCommentMutation,
  useSubmitCommunityMutation,
} from '../../api/community'
import { errorKeyOf } from '../../api/errors'
import { useAppDispatch, useCurrentUser } from '../../app/hooks'
import { type MessageId } from '../../messageIds'
import { ActionButton } from '../../components/ActionButton'
import { codePointCount } from '../../components/codePointCount'
import { parseMoment } from '../watch'
import { Paginator } from '../../components/Paginator'
import { showError } from '../../app/messages/messagesSlice'
import { useSubmit } from '../../app/messages/useSubmit'
import { CommentItem } from './CommentItem'

/** antd's count option, made once: a new object each render (the relative times re-render the section
 *  every second) makes the text area measure itself again, and the comments below it move. */
const COMMENT_COUNT = codePointCount(COMMENT_MAX_LENGTH, true)

type Mode = { kind: 'new' } | { kind: 'reply'; comment: WebComment } | { kind: 'edit'; comment: WebComment }

/** A comment's moment, for the preview's marks. */
export type CommentMoment = { name: string; author: string; moment: number }

export const CommunitySection = ({
  chart,
  onMoments,
}: {
  chart: RawChart
  /** The moments the listed comments are about (the preview marks them). */
  onMoments?: (moments: CommentMoment[]) => void
}) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { user } = useCurrentUser()
  const status = useGetCommunityStatusQuery(chart.id, { skip: !user })
  const [submitCommunity] = useSubmitCommunityMutation()
  const [submitComment] = useSubmitCommentMutation()
  const [rating, setRating] = useState(RATING_MAX)
  const [page, setPage] = useState(0)
  const [mode, setMode] = useState<Mode>({ kind: 'new' })
  const [text, setText] = useState('')
  const [momentText, setMomentText] = useState('')
  const [state, setState] = useState<CommentState | undefined>()
  const comments = useGetCommentsQuery({ id: chart.id, page, state })
  const listed = comments.data?.comments
  useEffect(() => {
    onMoments?.(
      (listed ?? []).flatMap((comment) =>
        comment.moment === undefined
          ? []
          : [{ name: comment.name, author: comment.author, moment: comment.moment }],
      ),
    )
  }, [listed, onMoments])

  const rated = status.data?.isRating ? status.data.rating : undefined
  useEffect(() => setRating(rated ?? RATING_MAX), [rated])

  const act = useSubmit()
  const community = (action: CommunityAction, success: MessageId) =>
    act(() => submitCommunity({ id: chart.id, action }).unwrap(), success)
  const onComment = (comment: string, action: CommentAction, success: MessageId) =>
    act(() => submitComment({ id: chart.id, comment, action }).unwrap(), success)

  const clear = () => {
    setMode({ kind: 'new' })
    setText('')
    setMomentText('')
  }
  const submit = async () => {
    // The server refuses control characters and counts code points (common/text.ts), as the counter does.
    const content = stripControl(text, 'multiline').trim()
    if (!content) {
      dispatch(showError('error.empty_field'))
      throw new Error('empty_field')
    }
    const moment = momentText.trim() ? parseMoment(momentText) : undefined
    if (momentText.trim() && moment === undefined) {
      dispatch(showError('community.bad_moment'))
      throw new Error('bad_moment')
    }
    const result =
      mode.kind === 'new'
        ? await community({ type: 'comment', comment: content, moment }, 'success.comment')
        : mode.kind === 'reply'
          ? await onComment(mode.comment.name, { type: 'reply', content, moment }, 'success.reply')
          : await onComment(mode.comment.name, { type: 'edit', content }, 'success.edit')
    clear()
    if (result.shouldNavigateCommentsToPage !== undefined) setPage(result.shouldNavigateCommentsToPage)
  }

  const liked = !!status.data?.isLike
  return (
    <Flex vertical gap={16}>
      <Card title={<FormattedMessage id="community.title" />}>
        {!user && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={
              <FormattedMessage
                id="community.login_hint"
                values={{ link: (words) => <Link to="/settings/sonolus">{words}</Link> }}
              />
            }
          />
        )}
        <Spin spinning={!!user && status.isLoading} aria-label={intl.formatMessage({ id: 'app.loading' })}>
          <Flex gap={16} wrap align="center">
            <ActionButton
              disabled={!user}
              icon={liked ? <HeartFilled /> : <HeartOutlined />}
              onAction={() =>
                liked
                  ? community({ type: 'dislike' }, 'success.unlike')
                  : community({ type: 'like' }, 'success.like')
              }
            >
              <FormattedMessage
                id={liked ? 'community.unlike' : 'community.like'}
                values={{ n: chart.likeNumber }}
              />
            </ActionButton>
          </Flex>
        </Spin>
      </Card>

      <Card title={<FormattedMessage id="community.comments" values={{ n: chart.commentNumber }} />}>
        <Flex
          vertical
          gap={8}
          style={{ maxWidth: 720 }}
          role="form"
          aria-label={intl.formatMessage({ id: 'community.comment_form' })}
        >
          {mode.kind !== 'new' && (
            <Typography.Text type="secondary" data-testid="comment-hint">
              <FormattedMessage
                id={mode.kind === 'reply' ? 'community.replying_to' : 'community.editing'}
                values={{ 0: mode.comment.author }}
              />
            </Typography.Text>
          )}
          {/* The counter sits under the box (antd places it below); the row after it keeps clear of it. */}
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            count={COMMENT_COUNT}
            autoSize={{ minRows: 3, maxRows: 10 }}
            disabled={!user}
            placeholder={intl.formatMessage({ id: 'community.comment_placeholder' })}
            aria-label={intl.formatMessage({ id: 'community.comment_placeholder' })}
          />
          {/* An edit keeps the moment the comment was written about. */}
          {mode.kind !== 'edit' && (
            <Flex gap={8} align="center" style={{ marginTop: 16 }}>
              <label htmlFor="comment-moment">
                <FormattedMessage id="community.moment" />
              </label>
              <Input
                id="comment-moment"
                value={momentText}
                onChange={(event) => setMomentText(event.target.value)}
                disabled={!user}
                placeholder={intl.formatMessage({ id: 'community.moment_placeholder' })}
                style={{ width: 120 }}
                maxLength={12}
              />
            </Flex>
          )}
          <Flex gap={16} justify="space-between" align="center" wrap style={{ marginTop: 16 }}>
            {/* docs/spec.md §2: "Comment form with a 1-5 rating slider"; rate and unrate stay their own actions. */}
            <Flex gap={8} align="center" wrap style={{ flex: '1 1 320px' }}>
              <span>
                <FormattedMessage id="community.your_rating" />
              </span>
              <Slider
                min={RATING_MIN}
                max={RATING_MAX}
                step={1}
                marks={{ 1: '1', 2: '2', 3: '3', 4: '4', 5: '5' }}
                value={rating}
                onChange={setRating}
                disabled={!user}
                style={{ flex: '1 1 120px', minWidth: 120, maxWidth: 240 }}
                ariaLabelForHandle={intl.formatMessage({ id: 'community.your_rating' })}
              />
              <span data-testid="rating-value">{rating}</span>
              <ActionButton
                disabled={!user}
                icon={<StarOutlined />}
                onAction={() => community({ type: 'rating', rating }, 'success.rating')}
              >
                <FormattedMessage id="community.rate" />
              </ActionButton>
              <ActionButton
                disabled={!user || !status.data?.isRating}
                onAction={async () => {
                  await community({ type: 'unrating' }, 'success.unrating')
                  setRating(RATING_MAX)
                }}
              >
                <FormattedMessage id="community.unrate" />
              </ActionButton>
            </Flex>
            <Flex gap={8} justify="flex-end">
              <Button onClick={clear}>
                <FormattedMessage id="community.clear" />
              </Button>
              <ActionButton type="primary" disabled={!user} onAction={submit}>
                <FormattedMessage id="community.submit" />
              </ActionButton>
            </Flex>
          </Flex>
        </Flex>

        <div style={{ marginTop: 16 }}>
          <Segmented<CommentState | 'all'>
            style={{ marginBottom: 12 }}
            aria-label={intl.formatMessage({ id: 'community.filter' })}
            value={state ?? 'all'}
            onChange={(value) => {
              setState(value === 'all' ? undefined : value)
              setPage(0)
            }}
            options={(['all', ...COMMENT_STATES] as const).map((value) => ({
              value,
              label: intl.formatMessage({ id: `community.filter_${value}` }),
            }))}
          />
          {comments.isLoading && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
          {comments.isError && (
            <Alert
              type="error"
              showIcon
              message={<FormattedMessage id={`error.${errorKeyOf(comments.error, 'permission_denied')}`} />}
            />
          )}
          {comments.data && comments.data.comments.length === 0 && (
            <Empty description={<FormattedMessage id="community.no_comments" />} />
          )}
          {comments.data && comments.data.comments.length > 0 && (
            <Flex vertical gap={12}>
              {comments.data.comments.map((comment) => (
                <CommentItem
                  key={comment.name}
                  comment={comment}
                  canReport={!!user && splitAuthor(comment.author).handle !== user.handle}
                  onReply={() => {
                    setMode({ kind: 'reply', comment })
                    setText('')
                  }}
                  onEdit={() => {
                    setMode({ kind: 'edit', comment })
                    setText(comment.markdown)
                  }}
                  onDelete={() =>
                    onComment(comment.name, { type: 'delete' }, 'success.delete').then(() => {
                      if (mode.kind !== 'new' && mode.comment.name === comment.name) clear()
                    })
                  }
                  onResolve={(type) =>
                    onComment(
                      comment.name,
                      { type },
                      type === 'resolve' ? 'success.resolve' : 'success.reopen',
                    )
                  }
                />
              ))}
              <Paginator
                page={page}
                pageCount={comments.data.pageCount}
                visible={COMMENT_VISIBLE_PAGES}
                onChange={setPage}
              />
            </Flex>
          )}
        </div>
      </Card>
    </Flex>
  )
}
