// /user/{handle}: a person's page. Their avatar, name#handle and about-me (plain text, as the app
// gave it), their counts, their newest charts (the chart list's cards), the charts they co-author, and their
// best records, each with its chart, grade, scores and date and a button that opens the replay in the app. A handle the server
// does not list (nothing public) is "no such user"; any other failure shows in the error bar. Moderators
// also see the account's suspension with the actions that fit it, on a listed page or not.
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useParams } from 'react-router-dom'
import { Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Statistic, Tag } from 'antd'
import { PlayCircleOutlined } from '@ant-design/icons'
import { type PersonRecord, type PersonStats } from '../../../common/api/people'
import { GRADES } from '../../../common/scoring'
import { errorKeyOf, statusOf } from '../../api/errors'
import { chartsOf, useGetUserDetailsQuery } from '../../api/people'
import { useBases } from '../../app/hooks'
import { type MessageId } from '../../messageIds'
import { chartInfoPath } from '../../app/routes'
import { RelativeTime } from '../../components/RelativeTime'
import { Scaffold } from '../../components/Scaffold'
import { useFailureMessage } from '../../app/messages/useFailureMessage'
import { ChartGrid } from '../charts'
import { AccountModerationCard } from '../moderation'
import { FollowButton } from './FollowButton'
import { UserAvatar } from './UserAvatar'

/** The counts in the order the page shows them. */
const STATS: { key: Exclude<keyof PersonStats, 'ratings' | 'ratingAverage'>; labelId: MessageId }[] = [
  { key: 'charts', labelId: 'user.stats_charts' },
  { key: 'likes', labelId: 'user.stats_likes' },
  { key: 'plays', labelId: 'user.stats_plays' },
  { key: 'records', labelId: 'user.stats_records' },
  { key: 'comments', labelId: 'user.stats_comments' },
]

const isGrade = (grade: string): grade is (typeof GRADES)[number] =>
  (GRADES as readonly string[]).includes(grade)

export const UserPage = () => {
  const { handle = '' } = useParams()
  const intl = useIntl()
  const bases = useBases()
  const { data, error, isLoading } = useGetUserDetailsQuery(handle)

  const status = statusOf(error)
  const errorKey = error && status !== 404 ? errorKeyOf(error, 'permission_denied') : undefined
  useFailureMessage(errorKey, error)

  const title = <FormattedMessage id="route.user" />
  if (isLoading) {
    return (
      <Scaffold title={title}>
        <div role="status" aria-label={intl.formatMessage({ id: 'app.loading' })}>
          <Skeleton avatar active />
        </div>
      </Scaffold>
    )
  }
  if (!data) {
    return (
      <Scaffold title={title}>
        {status === 404 ? (
          <>
            <Result status="404" title={<FormattedMessage id="user.not_found" />} />
            {/* Someone with nothing public (a ban hides their charts) still has an account to moderate. */}
            <AccountModerationCard handle={handle} />
          </>
        ) : (
          <Result status="error" title={<FormattedMessage id={`error.${errorKey ?? 'fetch_failed'}`} />} />
        )}
      </Scaffold>
    )
  }

  const { profile, stats, records } = data
  const fullName = `${profile.name}#${profile.handle}`
  const charts = chartsOf(data, '#LEVEL')
  const coauthored = chartsOf(data, '#COAUTHOR')
  return (
    <Scaffold title={title} subtitle={fullName}>
      <Flex vertical gap={16}>
        <Card>
          <Flex gap={24} align="center" wrap>
            <UserAvatar
              profile={profile}
              label={intl.formatMessage({ id: 'user.avatar' }, { name: fullName })}
            />
            <Flex vertical gap={8} style={{ flex: 1, minWidth: 240 }}>
              <Flex gap={12} align="center" wrap>
                <h3 className="user-name" data-testid="user-name">
                  {profile.name}
                  <span className="text-secondary">#{profile.handle}</span>
                </h3>
                {/* Follow them, to hear of their new charts. */}
                <FollowButton handle={profile.handle} name={fullName} state={data.follow} />
              </Flex>
              {/* As the app gave it: plain text, its line breaks kept, never markdown or HTML. */}
              {profile.aboutMe.trim() ? (
                <p className="user-about" data-testid="user-about">
                  {profile.aboutMe}
                </p>
              ) : (
                <span className="text-secondary">
                  <FormattedMessage id="user.no_about_me" />
                </span>
              )}
            </Flex>
          </Flex>
          <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
            {STATS.map(({ key, labelId }) => (
              <Col key={key} xs={12} sm={8} md={4} data-testid={`user-stat-${key}`}>
                <Statistic title={<FormattedMessage id={labelId} />} value={stats[key]} />
              </Col>
            ))}
            <Col xs={12} sm={8} md={4} data-testid="user-stat-followers">
              <Statistic
                title={<FormattedMessage id="user.stats_followers" />}
                value={data.follow.followers}
              />
            </Col>
            {/* Their charts' average rating, with how many ratings it averages. */}
            <Col xs={12} sm={8} md={4} data-testid="user-stat-rating">
              <Statistic
                title={<FormattedMessage id="user.stats_rating" />}
                value={stats.ratingAverage === null ? '-' : stats.ratingAverage.toFixed(2)}
                suffix={
                  stats.ratingAverage === null ? undefined : (
                    <span className="text-secondary" style={{ fontSize: 14 }}>
                      <FormattedMessage id="user.stats_rating_count" values={{ count: stats.ratings }} />
                    </span>
                  )
                }
              />
            </Col>
          </Row>
        </Card>
        {/* Moderators only: the account's suspension, with the actions that fit it. */}
        <AccountModerationCard handle={profile.handle} />
        <Card title={<FormattedMessage id="user.charts" />}>
          {charts.length > 0 ? (
            <ChartGrid charts={charts} dataBase={bases.data} />
          ) : (
            <Empty description={<FormattedMessage id="user.no_charts" />} />
          )}
        </Card>
        {coauthored.length > 0 && (
          <Card title={<FormattedMessage id="user.coauthored" />} data-testid="user-coauthored">
            <ChartGrid charts={coauthored} dataBase={bases.data} />
          </Card>
        )}
        <Card title={<FormattedMessage id="user.records" />}>
          {records.length > 0 ? (
            <ol className="record-list" aria-label={intl.formatMessage({ id: 'user.records' })}>
              {records.map((record) => (
                <RecordItem key={record.replay} record={record} openInApp={bases.openInApp} />
              ))}
            </ol>
          ) : (
            <Empty description={<FormattedMessage id="user.no_records" />} />
          )}
        </Card>
      </Flex>
    </Scaffold>
  )
}

const RecordItem = ({ record, openInApp }: { record: PersonRecord; openInApp: string }) => {
  const intl = useIntl()
  const grade = isGrade(record.grade)
    ? intl.formatMessage({ id: `user.grade.${record.grade}` })
    : record.grade
  return (
    <li className="record-item user-record" data-testid="user-record">
      <Link to={chartInfoPath(record.chartId)} className="record-player text-ellipsis">
        {record.title}
      </Link>
      <Tag>{grade}</Tag>
      <span className="record-value">
        <span className="text-secondary">
          <FormattedMessage id="leaderboard.arcScore" />
        </span>{' '}
        {record.arcadeScore}
      </span>
      <span className="record-value">
        <span className="text-secondary">
          <FormattedMessage id="leaderboard.accScore" />
        </span>{' '}
        {record.accuracyScore}
      </span>
      <span className="text-secondary">
        <RelativeTime time={record.time} />
      </span>
      <Button
        size="small"
        icon={<PlayCircleOutlined />}
        href={`${openInApp}/replays/${record.replay}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        <FormattedMessage id="user.open_replay" />
      </Button>
    </li>
  )
}

export default UserPage
