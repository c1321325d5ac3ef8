// What a visitor sees on a page that needs a login (My charts, Liked charts, Create): one message, with
// the way to log in, as the community card does. Not an error: no error message bar. The lock
// is decorative: antd's 403 picture names itself "Unauthorized" (in English, whatever the language), which
// a screen reader reads out as a second message.
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { Button, Result } from 'antd'
import { LockOutlined, LoginOutlined } from '@ant-design/icons'

export const LoginPrompt = () => (
  <div data-testid="login-prompt">
    <Result
      status="info"
      icon={<LockOutlined aria-hidden />}
      title={<FormattedMessage id="error.not_login" />}
      extra={
        <Link to="/settings/sonolus">
          <Button type="primary" icon={<LoginOutlined />}>
            <FormattedMessage id="login.go" />
          </Button>
        </Link>
      }
    />
  </div>
)
