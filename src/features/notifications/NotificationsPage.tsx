// /notifications: a logged-in user's notifications, newest first: a followed creator's new chart,
// comments and ratings on their charts, replies to their comments, invitations to co-author a chart and
// co-authors joining theirs, moderation notices. Unread ones are
// marked; opening one reads it and goes to its chart (a notice, to the notices page). "Mark all read"
// reads them all. Below, the kinds the user wants, each a switch saved at once.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { Alert, Button, Card, Empty, Flex, List, Spin, Switch, Tag } from 'antd'
import {
  BellOutlined,
  CommentOutlined,
  MessageOutlined,
  StarOutlined,
  TeamOutlined,
  UserAddOutlined,
  WarningOutlined,
} from '@ant-design/icons'
import { NOTIFICATION_KINDS, type Notification, type NotificationKind } from '../../../common/api/follows'
import { LIST_VISIBLE_PAGES } from '../../../common/rules'
import { splitAuthor } from '../../../common/format'
import { errorKeyOf } from '../../api/errors'
import {
  useGetNotificationSettingsQuery,
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useSetNotificationSettingsMutation,
} from '../../api/follows'
import { SignedInScaffold } from '../../components/SignedInScaffold'
import { useSubmit } from '../../app/messages/useSubmit'
import { chartInfoPath } from '../../app/routes'
import { Paginator } from '../../components/Paginator'
import { RelativeTime } from '../../components/RelativeTime'

const ICONS: Record<NotificationKind, typeof BellOutlined> = {
  chart: BellOutlined,
  comment: CommentOutlined,
  reply: MessageOutlined,
  rating: StarOutlined,
  invite: UserAddOutlined,
  coauthor: TeamOutlined,
  moderation: WarningOutlined,
}

/** Where a notification leads: its chart, or for a notice the notices page. */
export const targetOf = (item: Notification): string | undefined =>
  item.kind === 'moderation' ? '/notices' : item.chartId ? chartInfoPath(item.chartId) : undefined

const Item = ({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) => {
  const intl = useIntl()
  const Icon = ICONS[item.kind]
  const text = intl.formatMessage(
    { id: `notifications.kind.${item.kind}` },
    { actor: item.actor ? splitAuthor(item.actor).name : '', label: item.label },
  )
  return (
    <List.Item
      className={item.read ? 'notification' : 'notification notification-unread'}
      data-testid="notification"
      data-kind={item.kind}
    >
      <button type="button" className="notification-open" onClick={() => onOpen(item)}>
        <Icon aria-hidden className="notification-icon" />
        <span className="notification-text">{text}</span>
        {!item.read && (
          <Tag color="blue" className="notification-new">
            <FormattedMessage id="notifications.new" />
          </Tag>
        )}
        <span className="text-secondary notification-time">
          <RelativeTime time={item.time} />
        </span>
      </button>
    </List.Item>
  )
}

const Settings = () => {
  const intl = useIntl()
  const settings = useGetNotificationSettingsQuery()
  const [save, saving] = useSetNotificationSettingsMutation()
  const submit = useSubmit()
  const off = new Set(settings.data?.off ?? [])
  const toggle = (kind: NotificationKind, on: boolean) => {
    const next = NOTIFICATION_KINDS.filter((other) => (other === kind ? !on : off.has(other)))
    submit(() => save({ off: next }).unwrap(), 'notifications.saved').catch(() => undefined)
  }
  return (
    <Card title={<FormattedMessage id="notifications.settings" />}>
      {settings.isLoading ? (
        <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : (
        <Flex vertical gap={12}>
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="notification-setting">
              <Switch
                checked={!off.has(kind)}
                disabled={saving.isLoading}
                onChange={(on) => toggle(kind, on)}
                data-testid={`notification-setting-${kind}`}
              />
              <span>
                <FormattedMessage id={`notifications.setting.${kind}`} />
              </span>
            </label>
          ))}
        </Flex>
      )}
    </Card>
  )
}

const Notifications = () => {
  const intl = useIntl()
  const navigate = useNavigate()
  const [page, setPage] = useState(0)
  const list = useGetNotificationsQuery(page)
  const [markRead] = useMarkNotificationsReadMutation()
  const submit = useSubmit()
  const open = (item: Notification) => {
    if (!item.read)
      markRead({ ids: [item.id] })
        .unwrap()
        .catch(() => undefined)
    const target = targetOf(item)
    if (target) void navigate(target)
  }
  if (list.isLoading) return <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
  if (list.error)
    return (
      <Alert
        type="error"
        showIcon
        message={<FormattedMessage id={`error.${errorKeyOf(list.error, 'not_login')}`} />}
      />
    )
  const items = list.data?.items ?? []
  const unread = list.data?.unread ?? 0
  return (
    <Card
      extra={
        <Button
          disabled={unread === 0}
          onClick={() => {
            submit(() => markRead({}).unwrap(), 'notifications.saved').catch(() => undefined)
          }}
          data-testid="notifications-mark-all"
        >
          <FormattedMessage id="notifications.mark_all" />
        </Button>
      }
    >
      {items.length === 0 ? (
        <Empty description={<FormattedMessage id="notifications.empty" />} />
      ) : (
        <List
          dataSource={items}
          rowKey="id"
          renderItem={(item) => <Item item={item} onOpen={open} />}
          aria-label={intl.formatMessage({ id: 'route.notifications' })}
        />
      )}
      <Paginator
        page={page}
        pageCount={list.data?.pageCount ?? 0}
        visible={LIST_VISIBLE_PAGES}
        onChange={setPage}
      />
    </Card>
  )
}

export const NotificationsPage = () => (
  <SignedInScaffold
    title={<FormattedMessage id="route.notifications" />}
    subtitle={<FormattedMessage id="notifications.subtitle" />}
  >
    <Flex vertical gap={16}>
      <Notifications />
      <Settings />
    </Flex>
  </SignedInScaffold>
)

export default NotificationsPage
