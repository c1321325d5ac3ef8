// A screen whose feature has not landed on this server yet. It says so plainly instead of
// showing controls that do nothing.
import { FormattedMessage } from 'react-intl'
import { useLocation } from 'react-router-dom'
import { Result } from 'antd'
import { routeTitleId } from '../../app/routes'
import { Scaffold } from '../../components/Scaffold'

export const PendingPage = () => {
  const { pathname } = useLocation()
  return (
    <Scaffold title={<FormattedMessage id={routeTitleId(pathname)} />}>
      <Result
        status="info"
        title={<FormattedMessage id="pending.title" />}
        subTitle={<FormattedMessage id="pending.description" />}
      />
    </Scaffold>
  )
}

export default PendingPage
