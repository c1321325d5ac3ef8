// A page that is a logged-in user's own (notices, notifications): the scaffold, a spinner while the user
// is looked up, and for a visitor the not_login result and message instead of the page.
import { type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Result, Spin } from 'antd'
import { Scaffold } from './Scaffold'
import { useCurrentUser } from '../app/hooks'
import { useFailureMessage } from '../app/messages/useFailureMessage'

export const SignedInScaffold = ({
  title,
  subtitle,
  children,
}: {
  title: ReactNode
  subtitle?: ReactNode
  children: ReactNode
}) => {
  const intl = useIntl()
  const { user, isLoading } = useCurrentUser()
  const loggedOut = !isLoading && !user
  useFailureMessage(loggedOut ? 'not_login' : undefined)
  return (
    <Scaffold title={title} subtitle={subtitle}>
      {isLoading ? (
        <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : loggedOut ? (
        <Result status="403" title={<FormattedMessage id="error.not_login" />} />
      ) : (
        children
      )}
    </Scaffold>
  )
}
