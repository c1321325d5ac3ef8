// The page of a chart's song: every difficulty the viewer may see, easiest first, as chart cards.
import { FormattedMessage } from 'react-intl'
import { useParams } from 'react-router-dom'
import { useGetSongSetQuery } from '../../api/levels'
import { errorKeyOf, statusOf } from '../../api/errors'
import { useBases } from '../../app/hooks'
import { Scaffold } from '../../components/Scaffold'
import { ChartPageFallback } from '../../components/ChartPageFallback'
import { ChartGrid } from '../charts'

export const SongPage = () => {
  const { id = '' } = useParams()
  const bases = useBases()
  const { data, error, isLoading } = useGetSongSetQuery(id)
  const title = <FormattedMessage id="route.chart_song" />
  if (isLoading || !data)
    return (
      <ChartPageFallback
        title={title}
        loading={isLoading}
        status={statusOf(error)}
        errorKey={error ? errorKeyOf(error, 'permission_denied') : undefined}
      />
    )
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
