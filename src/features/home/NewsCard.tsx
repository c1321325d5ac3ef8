// Home's news: the server's posts, newest first, each with its title, author, date and body
// (markdown, raw HTML off). Visitors see the card only when there is news; moderators always see it, with
// Write news, and Edit and Delete on each post. The page owns the query, so that a failure reaches the
// error bar with the page's others.
import { Suspense, lazy, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Card, Empty, Flex, Popconfirm, Spin } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { type NewsItem, type NewsListResponse } from '../../../common/api/people'
import { LIST_VISIBLE_PAGES } from '../../../common/rules'
import { errorKeyOf } from '../../api/errors'
import { useDeleteNewsMutation } from '../../api/people'
import { Markdown } from '../../components/Markdown'
import { Paginator } from '../../components/Paginator'
import { RelativeTime } from '../../components/RelativeTime'
import { UserLink } from '../../components/UserLink'
import { useSubmit } from '../../app/messages/useSubmit'
import { explainMissing } from './newsErrors'

const NewsDialog = lazy(() => import('./NewsDialog'))

export type NewsCardProps = {
  news: { data?: NewsListResponse; error?: unknown; isLoading: boolean; isFetching: boolean }
  page: number
  onPage: (page: number) => void
  moderator: boolean
}

export const NewsCard = ({ news, page, onPage, moderator }: NewsCardProps) => {
  const intl = useIntl()
  const [deleteNews] = useDeleteNewsMutation()
  const submit = useSubmit()
  /** The dialog: a new post, a post to edit, or closed. */
  const [editing, setEditing] = useState<NewsItem | 'new'>()
  const items = news.data?.items ?? []

  // Nothing to show a visitor: no card at all (nor while it loads, so the page does not jump).
  if (!moderator && (news.isLoading || (!news.error && items.length === 0 && page === 0))) return null

  const remove = async (item: NewsItem) => {
    await submit(() => deleteNews(item.id).unwrap(), 'success.delete', explainMissing)
    // The last post of a later page is gone: show the page before it.
    if (items.length === 1 && page > 0) onPage(page - 1)
  }

  return (
    <Card
      title={<FormattedMessage id="news.title" />}
      style={{ marginBottom: 16 }}
      extra={
        moderator && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            <FormattedMessage id="news.write" />
          </Button>
        )
      }
    >
      {news.isLoading && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {!!news.error && (
        <Alert
          type="error"
          showIcon
          message={<FormattedMessage id={`error.${errorKeyOf(news.error, 'permission_denied')}`} />}
        />
      )}
      {news.data && items.length === 0 && <Empty description={<FormattedMessage id="news.empty" />} />}
      {items.length > 0 && (
        <Spin spinning={news.isFetching} aria-label={intl.formatMessage({ id: 'app.loading' })}>
          {items.map((item) => (
            <article key={item.id} className="news-item" data-testid="news-item">
              <Flex justify="space-between" align="flex-start" gap={8} wrap>
                <h3 className="news-title">{item.title}</h3>
                {moderator && (
                  <Flex gap={4}>
                    <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(item)}>
                      <FormattedMessage id="news.edit" />
                    </Button>
                    <Popconfirm
                      title={<FormattedMessage id="chart.info.delete_confirm" />}
                      okText={<FormattedMessage id="news.delete" />}
                      okButtonProps={{ danger: true }}
                      cancelText={<FormattedMessage id="chart.info.cancel" />}
                      // antd keeps the button loading until the promise settles.
                      // eslint-disable-next-line @typescript-eslint/no-misused-promises
                      onConfirm={() => remove(item).catch(() => undefined)}
                    >
                      <Button size="small" type="text" danger icon={<DeleteOutlined />}>
                        <FormattedMessage id="news.delete" />
                      </Button>
                    </Popconfirm>
                  </Flex>
                )}
              </Flex>
              <div className="text-secondary" data-testid="news-meta">
                <UserLink author={item.author} />
                {' · '}
                <RelativeTime time={item.createdTime} />
                {item.updatedTime > item.createdTime && (
                  <>
                    {' · '}
                    <FormattedMessage id="news.edited" />
                  </>
                )}
              </div>
              <Markdown>{item.body}</Markdown>
            </article>
          ))}
        </Spin>
      )}
      <Paginator
        page={page}
        pageCount={news.data?.pageCount ?? 0}
        visible={LIST_VISIBLE_PAGES}
        onChange={onPage}
      />
      {editing && (
        <Suspense fallback={null}>
          <NewsDialog
            item={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(undefined)}
            // The new post is the newest: show the first page.
            onSaved={() => editing === 'new' && onPage(0)}
          />
        </Suspense>
      )}
    </Card>
  )
}
