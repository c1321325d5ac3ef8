// /moderation, /moderation/log and /moderation/moderators: moderators only. Anyone else gets
// permission_denied here, before any call (the server refuses them too, with 401).
import { FormattedMessage, useIntl } from 'react-intl'
import { Result, Spin } from 'antd'
import { useCurrentUser } from '../../app/hooks'
import { Scaffold } from '../../components/Scaffold'
import { useFailureMessage } from '../../app/messages/useFailureMessage'
import { AuditLogView, ModeratorsView, QueueView } from './ModerationViews'

export type ModerationViewName = 'queue' | 'log' | 'moderators'

const VIEWS = { queue: QueueView, log: AuditLogView, moderators: ModeratorsView }

export const ModerationPage = ({ view }: { view: ModerationViewName }) => {
  const intl = useIntl()
  const { user, isLoading } = useCurrentUser()
  const denied = !isLoading && user?.role !== 'moderator'
  useFailureMessage(denied ? 'permission_denied' : undefined)

  const View = VIEWS[view]
  return (
    <Scaffold
      title={<FormattedMessage id={`route.moderation_${view}`} />}
      subtitle={<FormattedMessage id="menu.moderation" />}
    >
      {isLoading ? (
        <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : denied ? (
        <Result status="403" title={<FormattedMessage id="error.permission_denied" />} />
      ) : (
        <View />
      )}
    </Scaffold>
  )
}

export default ModerationPage
