// What a visitor sees on a page that needs a login (My charts, Liked charts, Create): one message, with
// the way to log in (issue 15), as the community card does. Not an error: no error message bar.
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { Button, Result } from 'antd'
import { LoginOutlined } from '@ant-design/icons'

export const LoginPrompt = () => (
  <div data-testid="login-prompt">
    <Result
      status="403"
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
