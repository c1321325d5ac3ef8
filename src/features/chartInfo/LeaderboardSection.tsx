// docs/spec.md §2 "Chart info" leaderboard: a selector of the 7 types, records paginated with 5 visible pages,
// each with rank, player and value, and a button that opens the replay in the app at
// {open-in-app base}/replays/{replay}. Its own loading flag gates it. A player's name opens their page
//. A chart whose level data was replaced has a version selector: the current
// version's board by default, each earlier one's with its dates. A chart that is gone (deleted while its page
// was open) has no board: the section says so, rather than call it a network failure.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Card, Empty, Flex, Select, Spin } from 'antd'
import { EyeOutlined, PlayCircleOutlined } from '@ant-design/icons'
import { LEADERBOARDS, type LeaderboardName } from '../../../common/api/levels'
import { LEADERBOARD_VISIBLE_PAGES } from '../../../common/rules'
import { errorKeyOf, statusOf } from '../../api/errors'
import { useGetRecordsQuery, useGetVersionsQuery } from '../../api/leaderboards'
import { useBases } from '../../app/hooks'
import { Paginator } from '../../components/Paginator'
import { UserLink } from '../../components/UserLink'

export const LeaderboardSection = ({
  chartId,
  onWatch,
}: {
  chartId: string
  /** Plays a record's replay in the browser player. */
  onWatch?: (replay: string) => void
}) => {
  const intl = useIntl()
  const bases = useBases()
  const [board, setBoard] = useState<LeaderboardName>('arcScore')
  const [page, setPage] = useState(0)
  /** An earlier version's board; undefined: the current one. */
  const [version, setVersion] = useState<number | undefined>(undefined)
  const records = useGetRecordsQuery({ id: chartId, board, page, version })
  const { error, isLoading, isFetching } = records
  const gone = statusOf(error) === 404
  // A refetch that failed keeps the last records: a chart that is gone shows none of them.
  const data = gone ? undefined : records.data
  const versions = useGetVersionsQuery(chartId).data
  const date = (time: number) => intl.formatDate(time, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Card
      title={<FormattedMessage id="leaderboard.title" />}
      extra={
        <Flex gap="small" wrap>
          {versions && versions.earlier.length > 0 && (
            <Select
              value={version ?? versions.current.version}
              onChange={(value) => {
                setVersion(value === versions.current.version ? undefined : value)
                setPage(0)
              }}
              style={{ minWidth: 220 }}
              aria-label={intl.formatMessage({ id: 'leaderboard.version' })}
              data-testid="version-select"
              options={[
                {
                  value: versions.current.version,
                  label: intl.formatMessage(
                    { id: 'leaderboard.currentVersion' },
                    { version: versions.current.version, date: date(versions.current.time) },
                  ),
                },
                ...versions.earlier.map((earlier) => ({
                  value: earlier.version,
                  label: intl.formatMessage(
                    { id: 'leaderboard.earlierVersion' },
                    {
                      version: earlier.version,
                      from: date(earlier.time),
                      to: date(earlier.replacedTime ?? earlier.time),
                      players: earlier.players,
                    },
                  ),
                })),
              ]}
            />
          )}
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
        </Flex>
      }
    >
      {isLoading && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {gone && <Empty description={<FormattedMessage id="chart.info.not_found" />} />}
      {error && !gone && (
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
                {onWatch && (
                  <Button
                    size="small"
                    icon={<EyeOutlined />}
                    onClick={() => onWatch(record.replay)}
                    data-testid="record-watch"
                  >
                    <FormattedMessage id="leaderboard.watch" />
                  </Button>
                )}
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
