// /playlists: everyone's public playlists, searchable, and for a logged-in user their own
// (private ones too) on a second tab; "New playlist" makes one (title, description, public) and opens it.
// A logged-in user lands on their own tab when they have playlists, and on the public ones when they have
// none (an empty tab is no way to start).
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useNavigate } from 'react-router-dom'
import { Alert, Button, Empty, Flex, Form, Input, Modal, Spin, Switch, Tabs, Tag } from 'antd'
import { LockOutlined, PlusOutlined } from '@ant-design/icons'
import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_TITLE_MAX,
  type PlaylistForm,
  type RawPlaylist,
} from '../../../common/api/playlists'
import { LIST_VISIBLE_PAGES } from '../../../common/rules'
import { errorKeyOf } from '../../api/errors'
import { useCreatePlaylistMutation, useGetPlaylistsQuery } from '../../api/playlists'
import { useBases, useCurrentUser } from '../../app/hooks'
import { useSubmit } from '../../app/messages/useSubmit'
import { playlistPath } from '../../app/routes'
import { Paginator } from '../../components/Paginator'
import { Scaffold } from '../../components/Scaffold'
import { PlaylistCover } from './PlaylistCover'
import './playlists.css'

export const PlaylistTile = ({ playlist, dataBase }: { playlist: RawPlaylist; dataBase: string }) => (
  <Link to={playlistPath(playlist.id)} className="playlist-tile" data-testid="playlist-tile">
    <PlaylistCover covers={playlist.covers} dataBase={dataBase} size={96} />
    <span className="playlist-tile-text">
      <strong className="text-ellipsis">
        {playlist.staff ? <FormattedMessage id="playlists.staff_picks" /> : playlist.title}
      </strong>
      {playlist.owner && <span className="text-ellipsis text-secondary">{playlist.owner}</span>}
      <span className="text-secondary">
        <FormattedMessage id="playlists.count" values={{ count: playlist.chartCount }} />
        {!playlist.isPublic && (
          <Tag style={{ marginInlineStart: 8 }} icon={<LockOutlined />}>
            <FormattedMessage id="chart.info.private" />
          </Tag>
        )}
      </span>
    </span>
  </Link>
)

/** The title, description and public switch of a playlist (new or edited). */
export const PlaylistFields = () => {
  const intl = useIntl()
  return (
    <>
      <Form.Item
        name="title"
        label={<FormattedMessage id="playlists.title" />}
        rules={[
          { required: true, whitespace: true, message: intl.formatMessage({ id: 'error.empty_field' }) },
        ]}
      >
        <Input maxLength={PLAYLIST_TITLE_MAX} />
      </Form.Item>
      <Form.Item name="description" label={<FormattedMessage id="playlists.description" />}>
        <Input.TextArea maxLength={PLAYLIST_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
      <Form.Item name="isPublic" label={<FormattedMessage id="playlists.public" />} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  )
}

const NewPlaylist = () => {
  const [open, setOpen] = useState(false)
  const [form] = Form.useForm<PlaylistForm>()
  const [create, creating] = useCreatePlaylistMutation()
  const submit = useSubmit()
  const navigate = useNavigate()
  const save = (values: PlaylistForm) =>
    submit(
      () => create({ ...values, description: values.description ?? '' }).unwrap(),
      'playlists.created',
    ).then(
      ({ id }) => {
        setOpen(false)
        void navigate(playlistPath(id))
      },
      () => undefined,
    )
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="new-playlist">
        <FormattedMessage id="playlists.new" />
      </Button>
      <Modal
        open={open}
        title={<FormattedMessage id="playlists.new" />}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={<FormattedMessage id="playlists.create" />}
        okButtonProps={{ loading: creating.isLoading }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ title: '', description: '', isPublic: true }}
          onFinish={(values) => void save(values)}
        >
          <PlaylistFields />
        </Form>
      </Modal>
    </>
  )
}

const PlaylistList = ({ mine }: { mine: boolean }) => {
  const intl = useIntl()
  const bases = useBases()
  const [page, setPage] = useState(0)
  const [keywords, setKeywords] = useState('')
  const { data, error, isLoading, isFetching } = useGetPlaylistsQuery({ page, mine, keywords })
  return (
    <Flex vertical gap={12}>
      <Input.Search
        allowClear
        placeholder={intl.formatMessage({ id: 'playlists.search' })}
        aria-label={intl.formatMessage({ id: 'playlists.search' })}
        onSearch={(value) => {
          setKeywords(value.trim())
          setPage(0)
        }}
        style={{ maxWidth: 420 }}
      />
      {isLoading && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {error && (
        <Alert
          type="error"
          showIcon
          message={<FormattedMessage id={`error.${errorKeyOf(error, 'not_login')}`} />}
        />
      )}
      {data && data.rawItems.length === 0 && (
        <Empty description={<FormattedMessage id="playlists.empty" />} />
      )}
      {data && data.rawItems.length > 0 && (
        <Spin spinning={isFetching} aria-label={intl.formatMessage({ id: 'app.loading' })}>
          <div className="playlist-grid">
            {data.rawItems.map((playlist) => (
              <PlaylistTile key={playlist.id} playlist={playlist} dataBase={bases.data} />
            ))}
          </div>
        </Spin>
      )}
      <Paginator
        page={page}
        pageCount={data?.pageCount ?? 0}
        visible={LIST_VISIBLE_PAGES}
        onChange={setPage}
      />
    </Flex>
  )
}

type Tab = 'all' | 'mine'

export const PlaylistsPage = () => {
  const intl = useIntl()
  const { user, isLoading: checkingLogin } = useCurrentUser()
  // The own tab's first page (the same call the tab makes, so it is asked once).
  const mine = useGetPlaylistsQuery({ page: 0, mine: true, keywords: '' }, { skip: !user })
  const [chosen, setChosen] = useState<Tab>()
  const landing: Tab = user && (mine.data?.rawItems.length ?? 0) > 0 ? 'mine' : 'all'
  const active: Tab = chosen === 'mine' && !user ? 'all' : (chosen ?? landing)
  // Until the login and the own playlists are known, no tab: one would show, then the other.
  const deciding = chosen === undefined && (checkingLogin || (!!user && mine.isLoading))
  return (
    <Scaffold
      title={<FormattedMessage id="route.playlists" />}
      subtitle={<FormattedMessage id="playlists.subtitle" />}
    >
      {deciding ? (
        <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : (
        <Tabs
          activeKey={active}
          onChange={(key) => setChosen(key as Tab)}
          tabBarExtraContent={user ? <NewPlaylist /> : undefined}
          items={[
            {
              key: 'all',
              label: <FormattedMessage id="playlists.all" />,
              children: <PlaylistList mine={false} />,
            },
            ...(user
              ? [
                  {
                    key: 'mine',
                    label: <FormattedMessage id="playlists.mine" />,
                    children: <PlaylistList mine />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </Scaffold>
  )
}

export default PlaylistsPage
