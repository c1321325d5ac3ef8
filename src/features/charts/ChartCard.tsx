// docs/spec.md §2 "Chart card": 480×192 on a desktop (chartCard.css lets it fill its column and fit a phone)
// with the cover, the level chip, title, artists, composer, tags joined by a separator ('-' when none),
// author and like count. Clicking opens chart info. It also marks a private or scheduled chart, shows the
// rating, and plays the preview clip; the author opens their page, and a count beside it names the co-authors. Beside the level chip it says how many
// notes, how long and how dense, and each tag opens the list of charts with that tag. A logged-in user adds
// it to a playlist from it.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { Flex } from 'antd'
import {
  ClockCircleOutlined,
  HeartOutlined,
  LockOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { formatLength, formatNps, splitAuthor } from '../../../common/format'
import { type RawChart } from '../../../common/api/levels'
import { chartInfoPath } from '../../app/routes'
import { LevelChip } from '../../components/LevelChip'
import { UserLink } from '../../components/UserLink'
import { PreviewButton } from '../listen'
import { AddToPlaylist } from '../playlists'
import { chartListPath } from './filters'
import './chartCard.css'

/** The cover's size on a desktop card; a narrow card draws it smaller. */
const COVER_SIZE = 176

export const ChartCard = ({ chart, dataBase }: { chart: RawChart; dataBase: string }) => (
  <article className="chart-card-frame" data-testid="chart-card">
    <Link to={chartInfoPath(chart.id)} className="chart-card">
      <img
        src={`${dataBase}${chart.coverHash}`}
        alt=""
        width={COVER_SIZE}
        height={COVER_SIZE}
        loading="lazy"
        className="chart-card-cover"
      />
      <Flex vertical gap={4} className="chart-card-body">
        <Flex gap={8} align="center" wrap className="chart-card-head">
          <LevelChip level={chart.level} isOliver={chart.isOliver} />
          {chart.stats && (
            <span className="chart-card-stats text-ellipsis text-secondary" data-testid="chart-card-stats">
              <span data-testid="chart-card-notes">
                <FormattedMessage id="chart.stats.notes_short" values={{ count: chart.stats.noteCount }} />
              </span>
              {' · '}
              <span data-testid="chart-card-length">{formatLength(chart.stats.duration)}</span>
              {' · '}
              <span data-testid="chart-card-nps">
                <FormattedMessage
                  id="chart.stats.nps_short"
                  values={{ nps: formatNps(chart.stats.npsAverage) }}
                />
              </span>
            </span>
          )}
        </Flex>
        <span className="chart-card-title text-ellipsis">{chart.title}</span>
        <span className="text-ellipsis text-secondary">{chart.artists}</span>
        <span className="text-ellipsis text-secondary">{chart.composer}</span>
      </Flex>
    </Link>
    {/* The tags (joined by a separator, '-' when none: docs/spec.md §2) lie over the card's link, as the
        footer does; each opens the list filtered by it. */}
    <span className="chart-card-tags text-ellipsis" data-testid="chart-card-tags">
      {chart.tags.length === 0
        ? '-'
        : chart.tags.map((tag, i) => (
            <span key={tag}>
              {i > 0 && ' / '}
              <Link
                to={chartListPath({ tags: [tag] })}
                className="chart-card-tag"
                data-testid="chart-card-tag"
              >
                {tag}
              </Link>
            </span>
          ))}
    </span>
    {/* The author's link may not sit inside the card's link: the last row lies over the card, and only the
        author's link in it takes clicks (a click anywhere else still opens the chart). */}
    <Flex justify="space-between" gap={8} className="chart-card-footer">
      <UserLink author={chart.author} className="chart-card-author text-ellipsis">
        <UserOutlined /> {chart.author}
      </UserLink>
      {/* Its co-authors, counted; their names in the hint (the row has room for one name). */}
      {!!chart.coauthors?.length && (
        <CoauthorCount names={chart.coauthors.map((coauthor) => splitAuthor(coauthor).name)} />
      )}
      <span className="chart-card-badges">
        {/* A scheduled chart is private until its time: the time says both. */}
        {chart.scheduledTime !== null ? (
          <span data-testid="chart-card-scheduled">
            <ClockCircleOutlined />{' '}
            <span className="chart-card-wide">
              <FormattedMessage
                id="chart.scheduled"
                values={{
                  time: <FormattedDate value={chart.scheduledTime} dateStyle="medium" timeStyle="short" />,
                }}
              />
            </span>
            <span className="chart-card-narrow">
              <FormattedDate value={chart.scheduledTime} month="numeric" day="numeric" />
            </span>
          </span>
        ) : (
          !chart.isPublic && (
            <span data-testid="chart-card-private">
              <LockOutlined />{' '}
              <span className="chart-card-wide">
                <FormattedMessage id="chart.info.private" />
              </span>
            </span>
          )
        )}
        {chart.ratingNumber > 0 && (
          <span data-testid="chart-card-rating">
            <StarOutlined /> {chart.rating.toFixed(1)}
          </span>
        )}
        <span data-testid="chart-card-likes">
          <HeartOutlined /> {chart.likeNumber}
        </span>
      </span>
    </Flex>
    {/* For a logged-in user, add the chart to a playlist. */}
    <AddToPlaylist chartId={chart.id} compact className="chart-card-playlist" />
    {chart.previewHash && (
      <PreviewButton
        id={chart.id}
        url={`${dataBase}${chart.previewHash}`}
        title={chart.title}
        className="chart-card-preview"
      />
    )}
  </article>
)

export const ChartGrid = ({ charts, dataBase }: { charts: RawChart[]; dataBase: string }) => (
  <div className="chart-grid">
    {charts.map((chart) => (
      <ChartCard key={chart.id} chart={chart} dataBase={dataBase} />
    ))}
  </div>
)

const CoauthorCount = ({ names }: { names: string[] }) => {
  const intl = useIntl()
  const hint = intl.formatMessage({ id: 'chart.coauthors_hint' }, { names: names.join(', ') })
  return (
    <span
      className="chart-card-coauthors text-secondary"
      data-testid="chart-card-coauthors"
      title={hint}
      aria-label={hint}
    >
      +{names.length}
    </span>
  )
}
