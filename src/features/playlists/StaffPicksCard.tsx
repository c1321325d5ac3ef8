// The home page's staff picks: the first charts of the playlist the moderators keep, with a link
// to all of it. Nothing picked yet: no card.
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { Card } from 'antd'
import { type ReactNode } from 'react'
import { type RawChart } from '../../../common/api/levels'
import { STAFF_PICKS } from '../../../common/api/playlists'
import { useGetPlaylistQuery } from '../../api/playlists'
import { playlistPath } from '../../app/routes'

/** Charts the card shows at most. */
export const STAFF_PICKS_SHOWN = 6

/** `grid` renders the charts (the chart list's cards: the home page passes them in). */
export const StaffPicksCard = ({ grid }: { grid: (charts: RawChart[]) => ReactNode }) => {
  const { data } = useGetPlaylistQuery(STAFF_PICKS)
  const charts = data?.rawCharts.slice(0, STAFF_PICKS_SHOWN) ?? []
  if (charts.length === 0) return null
  return (
    <Card
      title={<FormattedMessage id="playlists.staff_picks" />}
      style={{ marginBottom: 16 }}
      data-testid="home-staff-picks"
      extra={
        <Link to={playlistPath(STAFF_PICKS)}>
          <FormattedMessage id="playlists.see_all" />
        </Link>
      }
    >
      {grid(charts)}
    </Card>
  )
}
