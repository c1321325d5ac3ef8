// The page of a chart's song: every difficulty the viewer may see, easiest first, as chart cards.
import { FormattedMessage, useIntl } from 'react-intl'
import { useParams } from 'react-router-dom'
import { Result, Skeleton } from 'antd'
import { useGetSongSetQuery } from '../../api/levels'
import { errorKeyOf, statusOf } from '../../api/errors'
import { useBases } from '../../app/hooks'
import { Scaffold } from '../../components/Scaffold'
import { ChartGrid } from '../charts'

export const SongPage = () => {
  const { id = '' } = useParams()
  const intl = useIntl()
  const bases = useBases()
  const { data, error, isLoading } = useGetSongSetQuery(id)
  const title = <FormattedMessage id="route.chart_song" />
  if (isLoading)
    return (
      <Scaffold title={title}>
        <div role="status" aria-label={intl.formatMessage({ id: 'app.loading' })}>
          <Skeleton active />
        </div>
      </Scaffold>
    )
  if (!data) {
    const status = statusOf(error)
    return (
      <Scaffold title={title}>
        {status === 404 ? (
          <Result status="404" title={<FormattedMessage id="chart.info.not_found" />} />
        ) : (
          <Result
            status={status === 401 ? '403' : 'error'}
            title={<FormattedMessage id={`error.${errorKeyOf(error, 'permission_denied')}`} />}
          />
        )}
      </Scaffold>
    )
  }
  const self = data.charts.find((chart) => chart.id === id) ?? data.charts[0]
  return (
    <Scaffold
      title={title}
      subtitle={<FormattedMessage id="song.heading" values={{ title: self?.title ?? '' }} />}
    >
      <div data-testid="song-charts">
        <ChartGrid charts={data.charts} dataBase={bases.data} />
      </div>
    </Scaffold>
  )
}

export default SongPage
