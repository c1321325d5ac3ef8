// /playlist/{id}: a playlist's cover (made of its charts' covers), title, owner, description and
// its charts in order, each opening its chart info. Its editor (the owner; moderators for the staff picks)
// moves charts up and down and removes them, each change saved at once, edits the title, description and
// visibility, and deletes it. "Open in Sonolus" opens it in the app. Someone else's private playlist is
// "no such playlist" (the server answers 404).
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useNavigate, useParams } from 'react-router-dom'
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  List,
  Modal,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tag,
  Tooltip,
} from 'antd'
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  LockOutlined,
} from '@ant-design/icons'
import { type PlaylistForm, playlistName } from '../../../common/api/playlists'
import { type RawChart } from '../../../common/api/levels'
import { errorKeyOf, statusOf } from '../../api/errors'
import { useDeletePlaylistMutation, useEditPlaylistMutation, useGetPlaylistQuery } from '../../api/playlists'
import { useBases } from '../../app/hooks'
import { useFailureMessage } from '../../app/messages/useFailureMessage'
import { useSubmit } from '../../app/messages/useSubmit'
import { chartInfoPath } from '../../app/routes'
import { LevelChip } from '../../components/LevelChip'
import { Markdown } from '../../components/Markdown'
import { Scaffold } from '../../components/Scaffold'
import { UserLink } from '../../components/UserLink'
import { PlaylistCover } from './PlaylistCover'
import { PlaylistFields } from './PlaylistsPage'
import './playlists.css'

const ChartRow = ({ chart, dataBase }: { chart: RawChart; dataBase: string }) => (
  <Link to={chartInfoPath(chart.id)} className="playlist-chart">
    <img src={`${dataBase}${chart.coverHash}`} alt="" loading="lazy" />
    <span className="playlist-chart-text">
      <span className="text-ellipsis">
        <LevelChip level={chart.level} isOliver={chart.isOliver} />{' '}
        <strong data-testid="playlist-chart-title">{chart.title}</strong>
      </span>
      <span className="text-ellipsis text-secondary">
        {chart.artists} · {chart.author}
      </span>
    </span>
  </Link>
)

export const PlaylistPage = () => {
  const { id = '' } = useParams()
  const intl = useIntl()
  const bases = useBases()
  const navigate = useNavigate()
  const { data, error, isLoading } = useGetPlaylistQuery(id)
  const [edit, editing] = useEditPlaylistMutation()
  const [remove] = useDeletePlaylistMutation()
  const [detailsOpen, setDetailsOpen] = useState(false)
  const [form] = Form.useForm<PlaylistForm>()
  const submit = useSubmit()
  const missing = statusOf(error) === 404
  useFailureMessage(error && !missing ? errorKeyOf(error, 'permission_denied') : undefined)

  if (isLoading)
    return (
      <Scaffold title={<Skeleton.Input active />}>
        <Skeleton active />
      </Scaffold>
    )
  if (!data)
    return (
      <Scaffold title={<FormattedMessage id="route.playlist" />}>
        <Result status="404" title={<FormattedMessage id="playlists.not_found" />} />
      </Scaffold>
    )
  const playlist = data.rawItem
  const charts = data.rawCharts
  const title = playlist.staff ? intl.formatMessage({ id: 'playlists.staff_picks' }) : playlist.title
  const fields = { title: playlist.title, description: playlist.description, isPublic: playlist.isPublic }
  const save = (chartIds: string[], changes: Partial<PlaylistForm> = {}) =>
    submit(() => edit({ id, edit: { ...fields, ...changes, chartIds } }).unwrap(), 'playlists.saved')
  const ids = charts.map((chart) => chart.id)
  const move = (from: number, to: number) => {
    const next = [...ids]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved)
    save(next).catch(() => undefined)
  }

  return (
    <Scaffold
      title={title}
      subtitle={<FormattedMessage id="playlists.count" values={{ count: charts.length }} />}
    >
      <Flex vertical gap={16}>
        <Card>
          <Flex gap={16} wrap>
            <PlaylistCover covers={playlist.covers} dataBase={bases.data} size={176} />
            <Flex vertical gap={8} style={{ minWidth: 0, flex: 1 }}>
              <h3 style={{ margin: 0 }} data-testid="playlist-title">
                {title}{' '}
                {!playlist.isPublic && (
                  <Tag icon={<LockOutlined />}>
                    <FormattedMessage id="chart.info.private" />
                  </Tag>
                )}
              </h3>
              {playlist.owner && <UserLink author={playlist.owner} />}
              {playlist.description.trim() && <Markdown>{playlist.description}</Markdown>}
              <Space wrap>
                <Button
                  type="primary"
                  icon={<ExportOutlined />}
                  href={`${bases.openInApp}/playlists/${playlistName(playlist.id)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <FormattedMessage id="chart.info.open_in_sonolus" />
                </Button>
                {playlist.canEdit && (
                  <Button
                    icon={<EditOutlined />}
                    onClick={() => {
                      form.setFieldsValue(fields)
                      setDetailsOpen(true)
                    }}
                    data-testid="playlist-edit"
                  >
                    <FormattedMessage id="playlists.edit" />
                  </Button>
                )}
                {playlist.canEdit && !playlist.staff && (
                  <Popconfirm
                    title={<FormattedMessage id="playlists.delete_confirm" />}
                    okText={<FormattedMessage id="chart.info.delete" />}
                    okButtonProps={{ danger: true }}
                    cancelText={<FormattedMessage id="chart.info.cancel" />}
                    // eslint-disable-next-line @typescript-eslint/no-misused-promises
                    onConfirm={() =>
                      submit(() => remove(id).unwrap(), 'playlists.deleted').then(
                        () => void navigate('/playlists'),
                        () => undefined,
                      )
                    }
                  >
                    <Button danger icon={<DeleteOutlined />}>
                      <FormattedMessage id="chart.info.delete" />
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </Flex>
          </Flex>
        </Card>
        <Card title={<FormattedMessage id="playlists.charts" />}>
          {charts.length === 0 ? (
            <Empty description={<FormattedMessage id="playlists.no_charts" />} />
          ) : (
            <List
              dataSource={charts}
              rowKey="id"
              aria-label={intl.formatMessage({ id: 'playlists.charts' })}
              renderItem={(chart, index) => (
                <List.Item
                  data-testid="playlist-chart"
                  actions={
                    playlist.canEdit
                      ? [
                          <Tooltip key="up" title={intl.formatMessage({ id: 'playlists.move_up' })}>
                            <Button
                              icon={<ArrowUpOutlined />}
                              aria-label={intl.formatMessage({ id: 'playlists.move_up' })}
                              disabled={index === 0 || editing.isLoading}
                              onClick={() => move(index, index - 1)}
                            />
                          </Tooltip>,
                          <Tooltip key="down" title={intl.formatMessage({ id: 'playlists.move_down' })}>
                            <Button
                              icon={<ArrowDownOutlined />}
                              aria-label={intl.formatMessage({ id: 'playlists.move_down' })}
                              disabled={index === charts.length - 1 || editing.isLoading}
                              onClick={() => move(index, index + 1)}
                            />
                          </Tooltip>,
                          <Tooltip key="remove" title={intl.formatMessage({ id: 'playlists.remove' })}>
                            <Button
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={intl.formatMessage({ id: 'playlists.remove' })}
                              disabled={editing.isLoading}
                              onClick={() => {
                                save(ids.filter((other) => other !== chart.id)).catch(() => undefined)
                              }}
                            />
                          </Tooltip>,
                        ]
                      : []
                  }
                >
                  <ChartRow chart={chart} dataBase={bases.data} />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Flex>
      <Modal
        open={detailsOpen}
        title={<FormattedMessage id="playlists.edit" />}
        onCancel={() => setDetailsOpen(false)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: editing.isLoading }}
        destroyOnHidden
        forceRender
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => {
            save(ids, { ...values, description: values.description ?? '' }).then(
              () => setDetailsOpen(false),
              () => undefined,
            )
          }}
        >
          <PlaylistFields />
        </Form>
      </Modal>
    </Scaffold>
  )
}

export default PlaylistPage
