// The bell in the app bar: for a logged-in user, a link to their notifications with the unread
// count. The count is polled (NOTIFICATIONS_POLL_MS, and again when the window regains focus); reading
// notifications refreshes it at once.
import { useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { Badge } from 'antd'
import { BellOutlined } from '@ant-design/icons'
import { NOTIFICATIONS_POLL_MS, useGetUnreadNotificationsQuery } from '../../api/follows'
import { useCurrentUser } from '../../app/hooks'

export const NotificationBell = () => {
  const intl = useIntl()
  const { user } = useCurrentUser()
  const { data } = useGetUnreadNotificationsQuery(undefined, {
    skip: !user,
    pollingInterval: NOTIFICATIONS_POLL_MS,
    refetchOnFocus: true,
  })
  if (!user) return null
  const unread = data?.unread ?? 0
  return (
    <Link
      to="/notifications"
      className="app-bar-button notification-bell"
      data-testid="notification-bell"
      aria-label={
        unread > 0
          ? intl.formatMessage({ id: 'notifications.bell_unread' }, { n: unread })
          : intl.formatMessage({ id: 'notifications.bell' })
      }
    >
      <Badge count={unread} size="small" overflowCount={99} data-testid="notification-count">
        <BellOutlined />
      </Badge>
    </Link>
  )
}
