// spec §2 "Chart card": 480×192 with a 176-wide cover, the level chip, title, artists, composer, tags
// joined by a separator ('-' when none), author and like count. Clicking opens chart info.
import { Link } from 'react-router-dom'
import { Flex, Typography } from 'antd'
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
      <Typography.Text strong ellipsis className="chart-card-title">
        {chart.title}
      </Typography.Text>
      <Typography.Text ellipsis type="secondary">
        {chart.artists}
      </Typography.Text>
      <Typography.Text ellipsis type="secondary">
        {chart.composer}
      </Typography.Text>
      <Typography.Text ellipsis data-testid="chart-card-tags">
        {joinTags(chart.tags)}
      </Typography.Text>
      <Flex justify="space-between" style={{ marginTop: 'auto' }}>
        <Typography.Text ellipsis>
          <UserOutlined /> {chart.author}
        </Typography.Text>
        <Typography.Text data-testid="chart-card-likes">
          <HeartOutlined /> {chart.likeNumber}
        </Typography.Text>
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
