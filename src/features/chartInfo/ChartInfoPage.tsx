// docs/spec.md §2 "Chart info": the chart's fields, cover, level badge, 'Open in Sonolus', the markdown
// description, counts, the published date, the preview player, other charts by the author, Edit for the owner
// and co-authors and Delete for the owner, the co-authors (and, for those who work on it, their card), with the community and leaderboard sections. A private chart opened by anyone else is not
// shown. Other logged-in users may report it; the moderation parts are the owner's hidden alert and review
// request, moderators' hide/restore, and the history. A chart with several versions lists them with what each
// changed, and the preview can mark the current version's changes. The author links to their page, each tag opens the
// list filtered by it, and a card shows what the level data is like. A scheduled chart is not published
// yet: it says when it will be, never how long ago it was made (its publish time until then).
import type { LevelItem } from '@sonolus/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { Alert, Button, Card, Descriptions, Flex, Image, Popconfirm, Space, Tag, Typography } from 'antd'
import { DeleteOutlined, DownloadOutlined, EditOutlined, ExportOutlined } from '@ant-design/icons'
import { splitAuthor } from '../../../common/format'
import { LEVEL_NAME_PREFIX, REDIRECT_AFTER_DELETE_MS } from '../../../common/rules'
import { errorKeyOf, statusOf } from '../../api/errors'
import { useDeleteLevelMutation, useGetLevelQuery } from '../../api/levels'
import { useBases, useCurrentUser } from '../../app/hooks'
import { chartEditPath } from '../../app/routes'
import { LevelChip } from '../../components/LevelChip'
import { Markdown } from '../../components/Markdown'
import { RelativeTime } from '../../components/RelativeTime'
import { Scaffold } from '../../components/Scaffold'
import { UserLink, linkedHandle } from '../../components/UserLink'
import { FollowButton } from '../user'
import { useFailureMessage } from '../../app/messages/useFailureMessage'
import { useSubmit } from '../../app/messages/useSubmit'
import { ChartGrid, chartListPath } from '../charts'
import { AddToPlaylist } from '../playlists'
import { PreviewButton, stopPreview } from '../listen'
import { ChartModerationBar, ChartModerationHistory, ReportButton } from '../moderation'
import { ChartPlayer, type PreviewFocus, type PreviewMark } from '../preview'
import { VersionsCard } from './VersionsCard'
import { ChartPageFallback } from '../../components/ChartPageFallback'
import { DifficultiesCard } from './DifficultiesCard'
import { CoauthorsCard } from './CoauthorsCard'
import { TestLinksCard } from './TestLinksCard'
import { chartStanding } from '../../app/chartRole'
import { WatchPlayer, formatMoment, useMoment } from '../watch'
import { type CommentMoment, CommunitySection } from './CommunitySection'
import { LeaderboardSection } from './LeaderboardSection'
import { ChartStatsCard } from './ChartStatsCard'

export const ChartInfoPage = () => {
  const { id = '' } = useParams()
  const intl = useIntl()
  const navigate = useNavigate()
  const bases = useBases()
  const { user } = useCurrentUser()
  const { data, error, isLoading } = useGetLevelQuery(id)
  const [deleteLevel] = useDeleteLevelMutation()
  const submit = useSubmit()
  const { moment, go: goToMoment, clear: leaveReplay } = useMoment(id)
  /** What the preview marks: the current version's changed notes when asked for, and the moments the
   *  listed comments are about. */
  const [changeMarks, setChangeMarks] = useState<PreviewMark[]>()
  const [moments, setMoments] = useState<CommentMoment[]>([])
  const [focus, setFocus] = useState<PreviewFocus>()
  const showChanges = useCallback((next: PreviewMark[] | undefined) => {
    setChangeMarks(next)
    if (next?.[0]) setFocus({ beat: next[0].beat })
  }, [])
  // Following a moment (a comment's time, a shared link) brings the preview there too.
  useEffect(() => {
    if (moment.time !== undefined) setFocus({ beat: moment.time })
  }, [moment])
  const marks = useMemo(
    () => [
      ...(changeMarks ?? []),
      ...moments.map((comment): PreviewMark => ({
        key: `moment-${comment.name}`,
        beat: comment.moment,
        tone: 'moment',
        label: intl.formatMessage(
          { id: 'community.moment_mark' },
          { author: comment.author, time: formatMoment(comment.moment) },
        ),
        onClick: () => goToMoment(comment.moment),
      })),
    ],
    [changeMarks, moments, intl, goToMoment],
  )

  const status = statusOf(error)
  const errorKey = error && status !== 404 ? errorKeyOf(error, 'permission_denied') : undefined
  useFailureMessage(errorKey, error)

  const title = <FormattedMessage id="route.chart_info" />
  if (isLoading || !data)
    return <ChartPageFallback title={title} loading={isLoading} status={status} errorKey={errorKey} />

  const chart = data.rawItem
  const standing = chartStanding(chart, user?.handle)
  const owner = standing === 'owner'
  const moderator = user?.role === 'moderator'
  // The author's other charts (the song's other difficulties have a card of their own).
  const others =
    data.sections[data.sections.findIndex((section) => section.title === '#SAME_AUTHOR')]?.rawItems ?? []

  const remove = async () => {
    await submit(() => deleteLevel(chart.id).unwrap(), 'success.delete')
    setTimeout(() => navigate('/chart/list'), REDIRECT_AFTER_DELETE_MS)
  }

  return (
    <Scaffold title={title} subtitle={chart.title}>
      <Flex vertical gap={16}>
        <ChartModerationBar chart={chart} moderation={data.moderation} owner={owner} moderator={moderator} />
        <ChartModerationHistory moderation={data.moderation} moderator={moderator} />
        <Card>
          <Flex gap={24} wrap>
            <Image
              src={`${bases.data}${chart.coverHash}`}
              alt={intl.formatMessage({ id: 'chart.info.cover' })}
              width={240}
              height={240}
              style={{ objectFit: 'cover', borderRadius: 8 }}
            />
            <Flex vertical gap={8} style={{ flex: 1, minWidth: 280 }}>
              <Space align="center">
                <LevelChip level={chart.level} isOliver={chart.isOliver} />
                {!chart.isPublic && (
                  <Tag color="default">
                    <FormattedMessage id="chart.info.private" />
                  </Tag>
                )}
                {chart.scheduledTime !== null && (
                  <Tag color="blue" data-testid="chart-scheduled">
                    <FormattedMessage
                      id="chart.info.scheduled_for"
                      values={{
                        time: (
                          <FormattedDate value={chart.scheduledTime} dateStyle="medium" timeStyle="short" />
                        ),
                      }}
                    />
                  </Tag>
                )}
              </Space>
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="chart-title">
                {chart.title}
              </Typography.Title>
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: 'artists',
                    label: <FormattedMessage id="chart.info.artists" />,
                    children: chart.artists,
                  },
                  {
                    key: 'composer',
                    label: <FormattedMessage id="chart.info.composer" />,
                    children: chart.composer,
                  },
                  {
                    key: 'author',
                    label: <FormattedMessage id="chart.info.author" />,
                    children: (
                      <Flex gap={8} align="center" wrap>
                        <UserLink author={chart.author} />
                        {/* Follow the creator from their chart. */}
                        {linkedHandle(chart.author) && (
                          <FollowButton handle={linkedHandle(chart.author)!} name={chart.author} />
                        )}
                      </Flex>
                    ),
                  },
                  ...(chart.coauthors?.length
                    ? [
                        {
                          key: 'coauthors',
                          label: <FormattedMessage id="chart.info.coauthors" />,
                          children: (
                            <Flex gap={8} wrap data-testid="chart-coauthors">
                              {chart.coauthors.map((coauthor) => (
                                <UserLink key={coauthor} author={coauthor} />
                              ))}
                            </Flex>
                          ),
                        },
                      ]
                    : []),
                  {
                    key: 'tags',
                    label: <FormattedMessage id="chart.info.tags" />,
                    children:
                      chart.tags.length > 0 ? (
                        <Space size={[4, 4]} wrap>
                          {chart.tags.map((tag) => (
                            <Link key={tag} to={chartListPath({ tags: [tag] })} data-testid="chart-tag">
                              <Tag style={{ cursor: 'pointer' }}>{tag}</Tag>
                            </Link>
                          ))}
                        </Space>
                      ) : (
                        '-'
                      ),
                  },
                  {
                    key: 'likes',
                    label: <FormattedMessage id="chart.info.likes" />,
                    children: chart.likeNumber,
                  },
                  {
                    key: 'comments',
                    label: <FormattedMessage id="chart.info.comments" />,
                    children: chart.commentNumber,
                  },
                  {
                    key: 'rating',
                    label: <FormattedMessage id="chart.info.rating" />,
                    children: intl.formatMessage(
                      { id: 'chart.info.rating_value' },
                      { rating: chart.rating.toFixed(1), count: chart.ratingNumber },
                    ),
                  },
                  // Until its time a scheduled chart's publish time is when it was made: the tag above
                  // says when it will be published instead.
                  ...(chart.scheduledTime === null
                    ? [
                        {
                          key: 'published',
                          label: <FormattedMessage id="chart.info.published" />,
                          children: <RelativeTime time={data.publishTime} />,
                        },
                      ]
                    : []),
                  {
                    key: 'id',
                    label: <FormattedMessage id="chart.info.id" />,
                    children: <code>{chart.id}</code>,
                  },
                ]}
              />
              {(chart.previewHash || chart.musicHash) && (
                <Flex gap={12} align="center" wrap data-testid="chart-listen">
                  {chart.previewHash && (
                    <PreviewButton
                      id={chart.id}
                      url={`${bases.data}${chart.previewHash}`}
                      title={chart.title}
                    />
                  )}
                  {chart.musicHash && (
                    // The whole song; starting it stops any preview clip (one sound at a time).
                    <audio
                      controls
                      preload="none"
                      src={`${bases.data}${chart.musicHash}`}
                      aria-label={intl.formatMessage({ id: 'listen.song' })}
                      onPlay={stopPreview}
                      style={{ height: 32, maxWidth: '100%' }}
                    />
                  )}
                </Flex>
              )}
              <Space wrap>
                <Button
                  type="primary"
                  icon={<ExportOutlined />}
                  href={`${bases.openInApp}/levels/${LEVEL_NAME_PREFIX}${chart.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <FormattedMessage id="chart.info.open_in_sonolus" />
                </Button>
                {/* A co-author edits too; deleting is the owner's. */}
                {standing && (
                  <Link to={chartEditPath(chart.id)}>
                    <Button icon={<EditOutlined />}>
                      <FormattedMessage id="chart.info.edit" />
                    </Button>
                  </Link>
                )}
                {owner && (
                  <>
                    <Popconfirm
                      title={<FormattedMessage id="chart.info.delete_confirm" />}
                      okText={<FormattedMessage id="chart.info.delete" />}
                      okButtonProps={{ danger: true }}
                      cancelText={<FormattedMessage id="chart.info.cancel" />}
                      // antd keeps the button loading until the promise settles.
                      // eslint-disable-next-line @typescript-eslint/no-misused-promises
                      onConfirm={() => remove().catch(() => undefined)}
                    >
                      <Button danger icon={<DeleteOutlined />}>
                        <FormattedMessage id="chart.info.delete" />
                      </Button>
                    </Popconfirm>
                  </>
                )}
                {chart.allowSusDownload === 1 && chart.susHash && (
                  // The creator allows it: the chart's source, named after it.
                  <Button
                    icon={<DownloadOutlined />}
                    href={`${bases.data}${chart.susHash}`}
                    download={`${chart.title}.sus`}
                  >
                    <FormattedMessage id="chart.info.download_sus" />
                  </Button>
                )}
                {/* */}
                <AddToPlaylist chartId={chart.id} />
                {user && !standing && <ReportButton target={{ type: 'chart', id: chart.id }} />}
              </Space>
            </Flex>
          </Flex>
        </Card>
        {chart.dataHash && (
          <Card title={<FormattedMessage id="chart.info.watch" />} data-testid="chart-watch">
            <WatchPlayer
              item={data.item}
              level={{ url: `${bases.data}${chart.dataHash}` }}
              musicUrl={chart.musicHash ? `${bases.data}${chart.musicHash}` : undefined}
              backgroundUrl={backgroundOf(data.item, bases.data)}
              dataBase={bases.data}
              sonolusBase={bases.sonolus}
              moment={moment}
              onCloseReplay={leaveReplay}
              shareUrl={`${window.location.origin}${window.location.pathname}`}
            />
          </Card>
        )}
        <Card title={<FormattedMessage id="chart.info.description" />}>
          {chart.description.trim() ? (
            <Markdown>{chart.description}</Markdown>
          ) : (
            <Typography.Text type="secondary">
              <FormattedMessage id="chart.info.no_description" />
            </Typography.Text>
          )}
        </Card>
        <ChartStatsCard chart={chart} />
        <DifficultiesCard chartId={chart.id} owner={owner} />
        <CoauthorsCard chartId={chart.id} owner={splitAuthor(chart.author).name} signedIn={!!user} />
        {standing && <TestLinksCard chartId={chart.id} />}
        <CommunitySection chart={chart} onMoments={setMoments} />
        <LeaderboardSection chartId={chart.id} onWatch={(replay) => goToMoment(0, replay)} />
        <VersionsCard chartId={chart.id} onMarks={showChanges} />
        <Card title={<FormattedMessage id="chart.info.preview" />}>
          {chart.dataHash ? (
            <ChartPlayer url={`${bases.data}${chart.dataHash}`} marks={marks} focus={focus} />
          ) : (
            <Alert type="info" message={<FormattedMessage id="chart.info.no_preview" />} />
          )}
        </Card>
        <Card title={<FormattedMessage id="chart.info.others" />}>
          {others.length > 0 ? (
            <ChartGrid charts={others} dataBase={bases.data} />
          ) : (
            <Typography.Text type="secondary">
              <FormattedMessage id="chart.info.no_others" />
            </Typography.Text>
          )}
        </Card>
      </Flex>
    </Scaffold>
  )
}

/** The level's background image (the chart's own, else the engine's), drawn behind the player. */
const backgroundOf = (item: LevelItem, dataBase: string): string | undefined => {
  const background = item.useBackground.useDefault ? item.engine.background : item.useBackground.item
  return background ? `${dataBase}${background.image.hash}` : undefined
}

export default ChartInfoPage
