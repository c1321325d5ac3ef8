// A user's account as moderators act on it: the suspension in force (kind, end, reason) and the actions
// that fit it. The queue applies the rule to reported users and to the authors of reported charts and
// comments; a person's page shows it to moderators as a card, so what was done from the queue can be
// lifted, changed or made a ban from there too.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Card, Flex, Spin, Tag } from 'antd'
import { type ModerationAction, type Suspension } from '../../../common/api/moderation'
import { errorKeyOf, statusOf } from '../../api/errors'
import { useGetUserModerationQuery } from '../../api/moderation'
import { useCurrentUser } from '../../app/hooks'
import { ActionDialog } from './ActionDialog'
import { SuspensionText } from './TargetPreviewView'

export type AccountState = { moderator: boolean; suspension: Suspension | null }
export type AccountAction = Extract<ModerationAction, 'suspend' | 'lift' | 'change' | 'ban'>

/** Suspend or ban an account in good standing; lift, change or ban a suspension; lift or change a ban.
 *  The server refuses to suspend a moderator (the role is revoked first), and refuses to suspend again
 *  what is suspended: a change says that it replaces the suspension in force. */
export const accountActions = ({ moderator, suspension }: AccountState): AccountAction[] => {
  if (!suspension) return moderator ? [] : ['suspend', 'ban']
  if (moderator) return ['lift']
  return suspension.kind === 'ban' ? ['lift', 'change'] : ['lift', 'change', 'ban']
}

/** "Moderator", or the suspension in force ("Not suspended" without one). */
export const AccountStatus = ({ moderator, suspension }: AccountState) =>
  moderator && !suspension ? (
    <FormattedMessage id="moderation.role_moderator" />
  ) : (
    <SuspensionText suspension={suspension} />
  )

const AccountCard = ({ handle }: { handle: string }) => {
  const intl = useIntl()
  const account = useGetUserModerationQuery(handle)
  const [action, setAction] = useState<AccountAction>()
  const data = account.data
  // No such account: the page says so already.
  if (statusOf(account.error) === 404) return null
  return (
    <Card title={<FormattedMessage id="moderation.account_title" />} data-testid="account-moderation">
      {account.isLoading ? (
        <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : account.error || !data ? (
        <Alert
          type="error"
          showIcon
          message={<FormattedMessage id={`error.${errorKeyOf(account.error, 'permission_denied')}`} />}
        />
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={8} align="center" wrap>
            {data.moderator && (
              <Tag color="blue">
                <FormattedMessage id="moderation.role_moderator" />
              </Tag>
            )}
            <span data-testid="account-suspension">
              <SuspensionText suspension={data.suspension} />
            </span>
          </Flex>
          <Flex gap={8} wrap>
            {accountActions(data).map((name) => (
              <Button key={name} danger={name === 'ban'} onClick={() => setAction(name)}>
                <FormattedMessage id={`moderation.action.${name}`} />
              </Button>
            ))}
          </Flex>
        </Flex>
      )}
      {action && data && (
        <ActionDialog
          target={{ type: 'user', id: data.handle }}
          action={action}
          label={`${data.name}#${data.handle}`}
          current={data.suspension}
          onClose={() => setAction(undefined)}
        />
      )}
    </Card>
  )
}

/** A person's account for moderators (nothing for anyone else, who is not asked about it). */
export const AccountModerationCard = ({ handle }: { handle: string }) => {
  const { user } = useCurrentUser()
  return user?.role === 'moderator' ? <AccountCard handle={handle} /> : null
}
