// docs/spec.md §2 "Login settings (Sonolus)" and §4 "Login flow": check the session; if logged out, start a
// login, keep its sessionId in a 30-day cookie, show the QR code and link, poll every second, and
// reload 2 s after success. The code the app shows on confirming finishes the login here (docs/protocol.md
// §11.2). The QR code and link carry only a hash of the sessionId. A suspended account
// sees until when and why.
import { useCallback, useEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { QRCodeSVG } from 'qrcode.react'
import { Alert, Button, Card, Descriptions, Flex, Input, Space, Spin, Typography } from 'antd'
import { CloseCircleOutlined, LinkOutlined, LogoutOutlined } from '@ant-design/icons'
import { LOGIN_CODE_DIGITS, LOGIN_POLL_MS, QR_CODE_SIZE, RELOAD_AFTER_LOGIN_MS } from '../../../common/rules'
import {
  useFinishLoginMutation,
  useGetMineQuery,
  useLogoutMutation,
  useStartLoginMutation,
} from '../../api/user'
import { useAppDispatch } from '../../app/hooks'
import { browser } from '../../app/browser'
import { clearSession, setSession } from '../../api/session'
import { Scaffold } from '../../components/Scaffold'
import { showSuccess } from '../../app/messages/messagesSlice'
import { useFailureMessage } from '../../app/messages/useFailureMessage'
import { errorKeyOf } from '../../api/errors'
import { YourDataCard } from './YourDataCard'

export const LoginSettingsPage = () => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const [polling, setPolling] = useState(false)
  const mine = useGetMineQuery(undefined, {
    pollingInterval: polling ? LOGIN_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  })
  const [startLogin, login] = useStartLoginMutation()
  const [logout] = useLogoutMutation()
  const [finishLogin, finishing] = useFinishLoginMutation()
  const [code, setCode] = useState('')
  const loggedIn = mine.data?.code === 200
  const started = useRef(false)

  // Logged out: start one login attempt and keep its secret in the cookie. A failure says so (docs/spec.md §8: an
  // error snackbar) and offers to try again, rather than spin for ever.
  const begin = useCallback(() => {
    startLogin()
      .unwrap()
      .then((answer) => {
        setSession(answer.sessionId)
        setPolling(true)
      })
      // The failure shows as login.error (below).
      .catch(() => undefined)
  }, [startLogin])
  useEffect(() => {
    if (mine.isLoading || mine.isError || loggedIn || started.current) return
    started.current = true
    begin()
  }, [mine.isLoading, mine.isError, loggedIn, begin])
  useFailureMessage(mine.isError ? errorKeyOf(mine.error, 'fetch_failed') : undefined, mine.error)
  useFailureMessage(login.isError ? errorKeyOf(login.error, 'fetch_failed') : undefined, login.error)
  useFailureMessage(finishing.isError ? errorKeyOf(finishing.error, 'not_login') : undefined, finishing.error)

  // docs/protocol.md §11.2: the app shows a code once the user confirms; this browser gives it. A login
  // that cannot be finished any more (expired, or too many wrong codes) is started again.
  const finish = () => {
    finishLogin(code)
      .unwrap()
      .catch((error: unknown) => {
        if ((error as { status?: unknown }).status === 401) {
          setCode('')
          begin()
        }
      })
  }

  // The app confirmed: stop polling, say so, and reload after 2 s. The timer belongs to the page, not to
  // this effect: stopping the polling re-runs the effect and must not cancel the reload.
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => {
    if (!polling || !loggedIn || reloadTimer.current) return
    setPolling(false)
    dispatch(showSuccess('success.login'))
    reloadTimer.current = setTimeout(() => browser.reloadPage(), RELOAD_AFTER_LOGIN_MS)
  }, [polling, loggedIn, dispatch])
  useEffect(() => () => clearTimeout(reloadTimer.current), [])

  const onLogout = async () => {
    await logout()
      .unwrap()
      .catch(() => undefined)
    clearSession()
    browser.reloadPage()
  }

  const failed = mine.isError || login.isError
  return (
    <Scaffold
      title={<FormattedMessage id="route.settings_sonolus" />}
      subtitle={<FormattedMessage id="login.subtitle" />}
    >
      <Card>
        {failed && (
          <Alert
            type="error"
            showIcon
            message={<FormattedMessage id="error.fetch_failed" />}
            style={{ marginBottom: 16 }}
            action={
              <Button size="small" onClick={() => (mine.isError ? void mine.refetch() : begin())}>
                <FormattedMessage id="login.retry" />
              </Button>
            }
          />
        )}
        {mine.isLoading && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
        {mine.data?.code === 200 && (
          <>
            {mine.data.suspension && (
              <Alert
                type="warning"
                showIcon
                data-testid="suspension-alert"
                style={{ marginBottom: 16 }}
                message={
                  <FormattedMessage
                    id={mine.data.suspension.until === null ? 'error.suspended_ban' : 'error.suspended'}
                    values={{ until: mine.data.suspension.until ?? 0, reason: mine.data.suspension.reason }}
                  />
                }
              />
            )}
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                { key: 'id', label: <FormattedMessage id="login.id" />, children: mine.data.id },
                {
                  key: 'handle',
                  label: <FormattedMessage id="login.handle" />,
                  children: `#${mine.data.handle}`,
                },
                { key: 'name', label: <FormattedMessage id="login.name" />, children: mine.data.name },
              ]}
            />
            <Button icon={<LogoutOutlined />} style={{ marginTop: 16 }} onClick={() => void onLogout()}>
              <FormattedMessage id="login.logout" />
            </Button>
          </>
        )}
        {!mine.isLoading && !loggedIn && !mine.isError && (
          <Flex gap={24} wrap align="flex-start">
            <div style={{ width: QR_CODE_SIZE, height: QR_CODE_SIZE }} data-testid="login-qr">
              {login.data ? (
                <QRCodeSVG
                  value={login.data.url}
                  size={QR_CODE_SIZE}
                  aria-label={intl.formatMessage({ id: 'login.qr' })}
                  role="img"
                />
              ) : login.isError ? (
                <Flex vertical align="center" justify="center" gap={8} style={{ height: '100%' }}>
                  <CloseCircleOutlined style={{ fontSize: 32 }} />
                  <Button onClick={begin}>
                    <FormattedMessage id="login.retry" />
                  </Button>
                </Flex>
              ) : (
                <Spin />
              )}
            </div>
            <div style={{ flex: 1, minWidth: 280 }}>
              <Typography.Paragraph>
                <FormattedMessage id="login.instructions" />
              </Typography.Paragraph>
              <Button
                type="primary"
                icon={<LinkOutlined />}
                href={login.data?.url}
                target="_blank"
                rel="noopener noreferrer"
                disabled={!login.data}
              >
                <FormattedMessage id="login.open_in_sonolus" />
              </Button>
              {polling && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                  <FormattedMessage id="login.waiting" />
                </Typography.Paragraph>
              )}
              <form
                style={{ marginTop: 12 }}
                onSubmit={(event) => {
                  event.preventDefault()
                  finish()
                }}
              >
                <Space.Compact>
                  <Input
                    aria-label={intl.formatMessage({ id: 'login.code' })}
                    placeholder={intl.formatMessage({ id: 'login.code' })}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={LOGIN_CODE_DIGITS + 2}
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    disabled={!login.data}
                    style={{ width: 200 }}
                  />
                  <Button
                    htmlType="submit"
                    type="primary"
                    loading={finishing.isLoading}
                    disabled={!login.data || code.replace(/\D/g, '').length !== LOGIN_CODE_DIGITS}
                  >
                    <FormattedMessage id="login.finish" />
                  </Button>
                </Space.Compact>
              </form>
            </div>
          </Flex>
        )}
      </Card>
      {mine.data?.code === 200 && (
        <YourDataCard handle={mine.data.handle} suspended={mine.data.suspension !== null} />
      )}
    </Scaffold>
  )
}

export default LoginSettingsPage
