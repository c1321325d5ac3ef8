// spec §2 "Chart card": 480×192 with a 176-wide cover, the level chip, title, artists, composer, tags
// joined by a separator ('-' when none), author and like count. Clicking opens chart info.
import { Link } from 'react-router-dom'
import { Flex } from 'antd'
import { HeartOutlined, UserOutlined } from '@ant-design/icons'
import { joinTags } from '../../../common/format'
import { type RawChart } from '../../../common/api/levels'
import { chartInfoPath } from '../../app/routes'
import { LevelChip } from '../../components/LevelChip'

export const CARD_WIDTH = 480
export const CARD_HEIGHT = 192
export const COVER_WIDTH = 176

export const ChartCard = ({ chart, dataBase }: { chart: RawChart; dataBase: string }) => (
  <Link
    to={chartInfoPath(chart.id)}
    className="chart-card"
    data-testid="chart-card"
    style={{ width: CARD_WIDTH, height: CARD_HEIGHT }}
  >
    <img
      src={`${dataBase}${chart.coverHash}`}
      alt=""
      width={COVER_WIDTH}
      height={COVER_WIDTH}
      loading="lazy"
      className="chart-card-cover"
    />
    <Flex vertical gap={4} className="chart-card-body">
      <div>
        <LevelChip level={chart.level} isOliver={chart.isOliver} />
      </div>
      <span className="chart-card-title text-ellipsis">{chart.title}</span>
      <span className="text-ellipsis text-secondary">{chart.artists}</span>
      <span className="text-ellipsis text-secondary">{chart.composer}</span>
      <span className="text-ellipsis" data-testid="chart-card-tags">
        {joinTags(chart.tags)}
      </span>
      <Flex justify="space-between" gap={8} style={{ marginTop: 'auto' }}>
        <span className="text-ellipsis">
          <UserOutlined /> {chart.author}
        </span>
        <span data-testid="chart-card-likes" style={{ flex: 'none' }}>
          <HeartOutlined /> {chart.likeNumber}
        </span>
      </Flex>
    </Flex>
  </Link>
)

export const ChartGrid = ({ charts, dataBase }: { charts: RawChart[]; dataBase: string }) => (
  <div className="chart-grid">
    {charts.map((chart) => (
      <ChartCard key={chart.id} chart={chart} dataBase={dataBase} />
    ))}
  </div>
)
