// /notices: what moderators did to the user's own charts, comments and account, newest first,
// in plain sentences with the reasons. Opening the page marks them read, and /user/mine is fetched again so
// the drawer's badge clears.
import { useEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Card, Empty, Spin } from 'antd'
import { LIST_VISIBLE_PAGES } from '../../../common/rules'
import { errorKeyOf } from '../../api/errors'
import { useGetNoticesQuery, useMarkNoticesReadMutation } from '../../api/moderation'
import { SignedInScaffold } from '../../components/SignedInScaffold'
import { Paginator } from '../../components/Paginator'
import { NoticeList } from '../moderation'

const Notices = () => {
  const intl = useIntl()
  const [page, setPage] = useState(0)
  const notices = useGetNoticesQuery(page)
  const [markRead] = useMarkNoticesReadMutation()
  const marked = useRef(false)
  const unread = notices.data?.unread ?? 0

  // Once the user has the notices in front of them; a failure only leaves the badge for next time.
  useEffect(() => {
    if (marked.current || !notices.isSuccess || unread === 0) return
    marked.current = true
    markRead()
      .unwrap()
      .catch(() => undefined)
  }, [notices.isSuccess, unread, markRead])

  if (notices.isLoading) return <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
  if (notices.error)
    return (
      <Alert
        type="error"
        showIcon
        message={<FormattedMessage id={`error.${errorKeyOf(notices.error, 'not_login')}`} />}
      />
    )
  const entries = notices.data?.entries ?? []
  return (
    <>
      <Card>
        {entries.length === 0 ? (
          <Empty description={<FormattedMessage id="notices.empty" />} />
        ) : (
          // The unread ones are the newest: the first of the first page.
          <NoticeList entries={entries} unread={page === 0 ? unread : 0} />
        )}
      </Card>
      <Paginator
        page={page}
        pageCount={notices.data?.pageCount ?? 0}
        visible={LIST_VISIBLE_PAGES}
        onChange={setPage}
      />
    </>
  )
}

export const NoticesPage = () => (
  <SignedInScaffold
    title={<FormattedMessage id="route.notices" />}
    subtitle={<FormattedMessage id="notices.subtitle" />}
  >
    <Notices />
  </SignedInScaffold>
)

export default NoticesPage
