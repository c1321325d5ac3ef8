// The moderators' three views: the queue (open reports grouped by target, newest first), the audit log,
// and the moderators with grant (by handle) and revoke (granted ones only).
import { type ReactNode, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Card, Empty, Flex, Input, Spin, Tag } from 'antd'
import { type FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { type SerializedError } from '@reduxjs/toolkit'
import { type ModeratorView } from '../../../common/api/moderation'
import { LIST_VISIBLE_PAGES } from '../../../common/rules'
import { stripControl } from '../../../common/text'
import { errorKeyOf } from '../../api/errors'
import { useGetAuditLogQuery, useGetModeratorsQuery, useGetQueueQuery } from '../../api/moderation'
import { useAppDispatch } from '../../app/hooks'
import { Paginator } from '../../components/Paginator'
import { RelativeTime } from '../../components/RelativeTime'
import { showError } from '../../app/messages/messagesSlice'
import { ActionDialog } from './ActionDialog'
import { AuditEntryList } from './AuditEntryList'
import { QueueGroupCard } from './QueueGroupCard'

type Loaded = { isLoading: boolean; error?: FetchBaseQueryError | SerializedError }

/** Loading, a failure (a 401 here means "not a moderator"), or the view. */
const Status = ({ query, children }: { query: Loaded; children: ReactNode }) => {
  const intl = useIntl()
  if (query.isLoading) return <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
  if (query.error)
    return (
      <Alert
        type="error"
        showIcon
        message={<FormattedMessage id={`error.${errorKeyOf(query.error, 'permission_denied')}`} />}
      />
    )
  return <>{children}</>
}

export const QueueView = () => {
  const [page, setPage] = useState(0)
  const queue = useGetQueueQuery(page)
  const groups = queue.data?.groups ?? []
  return (
    <Status query={queue}>
      {groups.length === 0 ? (
        <Empty description={<FormattedMessage id="moderation.queue_empty" />} />
      ) : (
        <Flex vertical gap={16}>
          {groups.map((group) => (
            <QueueGroupCard key={`${group.target.type}:${group.target.id}`} group={group} />
          ))}
        </Flex>
      )}
      <Paginator
        page={page}
        pageCount={queue.data?.pageCount ?? 0}
        visible={LIST_VISIBLE_PAGES}
        onChange={setPage}
      />
    </Status>
  )
}

export const AuditLogView = () => {
  const [page, setPage] = useState(0)
  const log = useGetAuditLogQuery({ page })
  const entries = log.data?.entries ?? []
  return (
    <Status query={log}>
      <Card>
        {entries.length === 0 ? (
          <Empty description={<FormattedMessage id="moderation.log_empty" />} />
        ) : (
          <AuditEntryList entries={entries} showModerator />
        )}
      </Card>
      <Paginator
        page={page}
        pageCount={log.data?.pageCount ?? 0}
        visible={LIST_VISIBLE_PAGES}
        onChange={setPage}
      />
    </Status>
  )
}

type RoleChange = { action: 'grant' | 'revoke'; handle: string; label: string }

const ModeratorRow = ({ moderator, onRevoke }: { moderator: ModeratorView; onRevoke: () => void }) => (
  <li className="audit-entry" data-testid="moderator">
    <Flex gap={8} wrap align="center" justify="space-between">
      <Flex gap={8} wrap align="center">
        <strong>{`${moderator.name}#${moderator.handle}`}</strong>
        {moderator.source === 'config' ? (
          <Tag>
            <FormattedMessage id="moderation.source_config" />
          </Tag>
        ) : (
          <span className="text-secondary">
            <FormattedMessage id="moderation.granted_by" values={{ moderator: moderator.grantedBy ?? '-' }} />
            {moderator.time !== null && (
              <>
                {' · '}
                <RelativeTime time={moderator.time} />
              </>
            )}
          </span>
        )}
      </Flex>
      {moderator.source === 'granted' && (
        <Button size="small" danger onClick={onRevoke}>
          <FormattedMessage id="moderation.action.revoke" />
        </Button>
      )}
    </Flex>
  </li>
)

export const ModeratorsView = () => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const moderators = useGetModeratorsQuery()
  const [handle, setHandle] = useState('')
  const [change, setChange] = useState<RoleChange>()

  const grant = () => {
    // People write handles with or without their '#'.
    const clean = stripControl(handle).trim().replace(/^#/, '')
    if (!clean) {
      dispatch(showError('error.empty_field'))
      return
    }
    setChange({ action: 'grant', handle: clean, label: `#${clean}` })
  }

  return (
    <Flex vertical gap={16}>
      <Card title={<FormattedMessage id="moderation.grant_title" />}>
        <Flex gap={8} wrap>
          <Input
            value={handle}
            onChange={(event) => setHandle(event.target.value)}
            onPressEnter={grant}
            placeholder="123456"
            aria-label={intl.formatMessage({ id: 'moderation.handle' })}
            style={{ maxWidth: 240 }}
          />
          <Button type="primary" onClick={grant}>
            <FormattedMessage id="moderation.action.grant" />
          </Button>
        </Flex>
      </Card>
      <Card title={<FormattedMessage id="route.moderation_moderators" />}>
        <Status query={moderators}>
          <ul className="audit-list">
            {(moderators.data?.moderators ?? []).map((moderator) => (
              <ModeratorRow
                key={moderator.handle}
                moderator={moderator}
                onRevoke={() =>
                  setChange({
                    action: 'revoke',
                    handle: moderator.handle,
                    label: `${moderator.name}#${moderator.handle}`,
                  })
                }
              />
            ))}
          </ul>
        </Status>
      </Card>
      {change && (
        <ActionDialog
          target={{ type: 'user', id: change.handle }}
          action={change.action}
          label={change.label}
          onClose={() => {
            if (change.action === 'grant') setHandle('')
            setChange(undefined)
          }}
        />
      )}
    </Flex>
  )
}
