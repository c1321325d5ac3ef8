// Chart info's difficulties: the other charts of the same song the viewer may see, easiest first, each with
// its level, and a link to the song's page. The owner links another of their charts (by its link or id),
// takes this one out of the song, or makes a new difficulty from this chart (its music, cover and fields at
// another level), whose edit page opens for its chart file.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { Button, Card, Flex, Input, InputNumber, List, Popconfirm, Typography } from 'antd'
import { LinkOutlined, PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router-dom'
import {
  useGetSongSetQuery,
  useLinkDifficultyMutation,
  useNewDifficultyMutation,
  useUnlinkDifficultyMutation,
} from '../../api/levels'
import { useAppDispatch } from '../../app/hooks'
import { showError } from '../../app/messages/messagesSlice'
import { useSubmit } from '../../app/messages/useSubmit'
import { chartEditPath, chartInfoPath, chartSongPath } from '../../app/routes'
import { LevelChip } from '../../components/LevelChip'
import { LEVEL_MAX, LEVEL_MIN } from '../../../common/rules'

/** A chart's id from what the owner pasted: a chart page's address, a level name or the id itself. */
export const chartIdIn = (text: string): string | undefined =>
  /(?:^|[/-])([0-9a-f]{32})(?:$|[/?#])/i.exec(text.trim())?.[1]?.toLowerCase()

export const DifficultiesCard = ({ chartId, owner }: { chartId: string; owner: boolean }) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const submit = useSubmit()
  const set = useGetSongSetQuery(chartId).data
  const [link] = useLinkDifficultyMutation()
  const [unlink] = useUnlinkDifficultyMutation()
  const [makeDifficulty, making] = useNewDifficultyMutation()
  const navigate = useNavigate()
  const [other, setOther] = useState('')
  const [level, setLevel] = useState<number | null>(null)
  const others = set?.charts.filter((chart) => chart.id !== chartId) ?? []
  if (!set || (others.length === 0 && !owner)) return null

  const add = async () => {
    const id = chartIdIn(other)
    if (!id) {
      dispatch(showError('song.bad_chart'))
      return
    }
    await submit(() => link({ id: chartId, other: id }).unwrap(), 'success.song_link').then(
      () => setOther(''),
      () => undefined,
    )
  }
  const make = async () => {
    if (level === null) {
      dispatch(showError('error.empty_field'))
      return
    }
    await submit(() => makeDifficulty({ id: chartId, level, isOliver: 0 }).unwrap(), 'success.song_new').then(
      ({ id }) => navigate(chartEditPath(id)),
      () => undefined,
    )
  }
  return (
    <Card
      title={<FormattedMessage id="song.title" />}
      data-testid="difficulties"
      extra={
        others.length > 0 && (
          <Link to={chartSongPath(chartId)}>
            <FormattedMessage id="song.open" />
          </Link>
        )
      }
    >
      {others.length > 0 ? (
        <List
          size="small"
          dataSource={others}
          rowKey="id"
          renderItem={(chart) => (
            <List.Item data-testid="difficulty">
              <Flex gap={8} align="center">
                <LevelChip level={chart.level} isOliver={chart.isOliver} />
                <Link to={chartInfoPath(chart.id)}>{chart.title}</Link>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Typography.Text type="secondary">
          <FormattedMessage id="song.none" />
        </Typography.Text>
      )}
      {owner && (
        <Flex gap={8} wrap align="center" style={{ marginTop: 12 }}>
          <Input
            value={other}
            onChange={(event) => setOther(event.target.value)}
            aria-label={intl.formatMessage({ id: 'song.link_label' })}
            placeholder={intl.formatMessage({ id: 'song.link_label' })}
            style={{ flex: '1 1 280px', maxWidth: 420 }}
            maxLength={300}
          />
          <Button icon={<LinkOutlined />} onClick={() => void add()}>
            <FormattedMessage id="song.link" />
          </Button>
          {others.length > 0 && (
            <Popconfirm
              title={<FormattedMessage id="song.unlink" />}
              okText={<FormattedMessage id="song.unlink" />}
              cancelText={<FormattedMessage id="chart.info.cancel" />}
              // eslint-disable-next-line @typescript-eslint/no-misused-promises
              onConfirm={() =>
                submit(() => unlink(chartId).unwrap(), 'success.song_unlink').catch(() => undefined)
              }
            >
              <Button danger>
                <FormattedMessage id="song.unlink" />
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}
      {owner && (
        <Flex gap={8} wrap align="center" style={{ marginTop: 12 }}>
          <InputNumber
            min={LEVEL_MIN}
            max={LEVEL_MAX}
            precision={0}
            // No step arrows: a level is typed, and the arrows' icons overflow their half-height boxes.
            controls={false}
            value={level}
            onChange={(value) => setLevel(value)}
            aria-label={intl.formatMessage({ id: 'song.new_level' })}
            placeholder={intl.formatMessage({ id: 'song.new_level' })}
            style={{ width: 160 }}
          />
          <Button icon={<PlusOutlined />} loading={making.isLoading} onClick={() => void make()}>
            <FormattedMessage id="song.new" />
          </Button>
        </Flex>
      )}
    </Card>
  )
}
