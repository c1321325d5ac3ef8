// docs/spec.md §2: any other path shows '404 Not Found'.
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { Result } from 'antd'

export const NotFoundPage = () => (
  <Result
    status="404"
    title={<FormattedMessage id="route.not_found" />}
    subTitle={<FormattedMessage id="not_found.description" />}
    extra={
      <Link to="/home">
        <FormattedMessage id="not_found.go_home" />
      </Link>
    }
  />
)

export default NotFoundPage
