// "Add to playlist", on chart info and on each chart card: for a logged-in user, a dialog of
// their playlists (a moderator's has the staff picks first) with a mark on those that hold the chart
// already, and a field to make a new playlist with the chart in it.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button, Flex, Input, List, Modal, Spin, Tooltip } from 'antd'
import { CheckOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { PLAYLIST_TITLE_MAX } from '../../../common/api/playlists'
import {
  useAddToPlaylistMutation,
  useCreatePlaylistMutation,
  useGetMyPlaylistsQuery,
} from '../../api/playlists'
import { useCurrentUser } from '../../app/hooks'
import { useSubmit } from '../../app/messages/useSubmit'

const Chooser = ({ chartId, onDone }: { chartId: string; onDone: () => void }) => {
  const intl = useIntl()
  const { data, isLoading } = useGetMyPlaylistsQuery(chartId)
  const [add, adding] = useAddToPlaylistMutation()
  const [create, creating] = useCreatePlaylistMutation()
  const [title, setTitle] = useState('')
  const submit = useSubmit()
  const addTo = (id: string) =>
    submit(() => add({ id, chartId }).unwrap(), 'playlists.added').then(onDone, () => undefined)
  const createWith = () =>
    submit(async () => {
      const { id } = await create({ title, description: '', isPublic: true }).unwrap()
      return add({ id, chartId }).unwrap()
    }, 'playlists.added').then(
      () => {
        setTitle('')
        onDone()
      },
      () => undefined,
    )
  if (isLoading) return <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
  return (
    <Flex vertical gap={12}>
      <List
        dataSource={data?.playlists ?? []}
        rowKey="id"
        locale={{ emptyText: <FormattedMessage id="playlists.none_yet" /> }}
        renderItem={(playlist) => (
          <List.Item
            data-testid="playlist-choice"
            actions={[
              playlist.hasChart ? (
                <span key="in" className="text-secondary">
                  <CheckOutlined /> <FormattedMessage id="playlists.in_it" />
                </span>
              ) : (
                <Button
                  key="add"
                  size="small"
                  loading={adding.isLoading && adding.originalArgs?.id === playlist.id}
                  onClick={() => void addTo(playlist.id)}
                >
                  <FormattedMessage id="playlists.add_here" />
                </Button>
              ),
            ]}
          >
            <span className="text-ellipsis">
              {playlist.staff ? <FormattedMessage id="playlists.staff_picks" /> : playlist.title}{' '}
              <span className="text-secondary">({playlist.chartCount})</span>
            </span>
          </List.Item>
        )}
      />
      <Flex gap={8}>
        <Input
          value={title}
          maxLength={PLAYLIST_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
          placeholder={intl.formatMessage({ id: 'playlists.new_title' })}
          aria-label={intl.formatMessage({ id: 'playlists.new_title' })}
          onPressEnter={() => title.trim() && void createWith()}
        />
        <Button
          icon={<PlusOutlined />}
          disabled={!title.trim()}
          loading={creating.isLoading}
          onClick={() => void createWith()}
        >
          <FormattedMessage id="playlists.create_and_add" />
        </Button>
      </Flex>
    </Flex>
  )
}

export type AddToPlaylistProps = {
  chartId: string
  /** A round icon button (the chart card), else a labelled one. */
  compact?: boolean
  className?: string
}

const AddToPlaylist = ({ chartId, compact = false, className }: AddToPlaylistProps) => {
  const intl = useIntl()
  const { user } = useCurrentUser()
  const [open, setOpen] = useState(false)
  if (!user) return null
  const label = intl.formatMessage({ id: 'playlists.add' })
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <Button
            shape="circle"
            icon={<UnorderedListOutlined />}
            aria-label={label}
            className={className}
            onClick={() => setOpen(true)}
            data-testid="add-to-playlist"
          />
        </Tooltip>
      ) : (
        <Button
          icon={<UnorderedListOutlined />}
          className={className}
          onClick={() => setOpen(true)}
          data-testid="add-to-playlist"
        >
          {label}
        </Button>
      )}
      <Modal open={open} title={label} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {open && <Chooser chartId={chartId} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  )
}

export default AddToPlaylist
