// docs/spec.md §2 "Chart info" leaderboard: a selector of the 7 types, records paginated with 5 visible pages,
// each with rank, player and value, and a button that opens the replay in the app at
// {open-in-app base}/replays/{replay}. Its own loading flag gates it. A player's name opens their page
// (issue 17).
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Card, Empty, Flex, Select, Spin } from 'antd'
import { PlayCircleOutlined } from '@ant-design/icons'
import { LEADERBOARDS, type LeaderboardName } from '../../../common/api/levels'
import { LEADERBOARD_VISIBLE_PAGES } from '../../../common/rules'
import { errorKeyOf } from '../../api/errors'
import { useGetRecordsQuery } from '../../api/leaderboards'
import { useBases } from '../../app/hooks'
import { Paginator } from '../../components/Paginator'
import { UserLink } from '../../components/UserLink'

export const LeaderboardSection = ({ chartId }: { chartId: string }) => {
  const intl = useIntl()
  const bases = useBases()
  const [board, setBoard] = useState<LeaderboardName>('arcScore')
  const [page, setPage] = useState(0)
  const { data, error, isLoading, isFetching } = useGetRecordsQuery({ id: chartId, board, page })
  return (
    <Card
      title={<FormattedMessage id="leaderboard.title" />}
      extra={
        <Select
          value={board}
          onChange={(value) => {
            setBoard(value)
            setPage(0)
          }}
          style={{ minWidth: 200 }}
          aria-label={intl.formatMessage({ id: 'leaderboard.type' })}
          options={LEADERBOARDS.map((name) => ({
            value: name,
            label: intl.formatMessage({ id: `leaderboard.${name}` }),
          }))}
        />
      }
    >
      {isLoading && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {error && (
        <Alert
          type="error"
          showIcon
          message={<FormattedMessage id={`error.${errorKeyOf(error, 'permission_denied')}`} />}
        />
      )}
      {data && data.records.length === 0 && (
        <Empty description={<FormattedMessage id="leaderboard.empty" />} />
      )}
      {data && data.records.length > 0 && (
        <Spin spinning={isFetching} aria-label={intl.formatMessage({ id: 'app.loading' })}>
          <ol className="record-list" aria-label={intl.formatMessage({ id: `leaderboard.${board}` })}>
            {data.records.map((record) => (
              <li key={record.name} className="record-item" data-testid="record">
                <span className="record-rank">{record.rank}</span>
                <span className="record-player text-ellipsis">
                  <UserLink author={record.player} />
                </span>
                <span className="record-value">{record.value}</span>
                <Button
                  size="small"
                  icon={<PlayCircleOutlined />}
                  href={`${bases.openInApp}/replays/${record.replay}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <FormattedMessage id="leaderboard.replay" />
                </Button>
              </li>
            ))}
          </ol>
          <Flex justify="center">
            <Paginator
              page={page}
              pageCount={data.pageCount}
              visible={LEADERBOARD_VISIBLE_PAGES}
              onChange={setPage}
            />
          </Flex>
        </Spin>
      )}
    </Card>
  )
}
