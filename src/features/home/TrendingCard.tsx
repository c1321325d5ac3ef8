// The home page's Trending section: the charts whose likes, ratings and plays of the last week
// weigh most, with a link to the whole trending list. Nothing trending: the card says so.
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { Card, Empty, Spin } from 'antd'
import { useGetLevelListQuery } from '../../api/levels'
import { useBases } from '../../app/hooks'
import { ChartGrid, chartListPath } from '../charts'

/** Charts the section shows at most. */
export const TRENDING_SHOWN = 6
const FILTERS = { sort: 'trending' }

export const TrendingCard = () => {
  const intl = useIntl()
  const bases = useBases()
  const { data, isLoading } = useGetLevelListQuery({ page: 0, scope: 'all', filters: FILTERS })
  const trending = (data?.rawItems ?? []).filter((chart) => chart.trending > 0).slice(0, TRENDING_SHOWN)
  return (
    <Card
      title={<FormattedMessage id="home.trending" />}
      style={{ marginBottom: 16 }}
      data-testid="home-trending"
      extra={
        <Link to={chartListPath({ sort: 'trending' })}>
          <FormattedMessage id="home.trending_all" />
        </Link>
      }
    >
      {isLoading && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {data &&
        (trending.length > 0 ? (
          <ChartGrid charts={trending} dataBase={bases.data} />
        ) : (
          <Empty description={<FormattedMessage id="home.trending_none" />} />
        ))}
    </Card>
  )
}
