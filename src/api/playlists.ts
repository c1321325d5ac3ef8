// Playlists (common/api/playlists.ts is the wire contract): the lists (everyone's public ones,
// one's own), one playlist with its charts, the viewer's playlists for the "add to playlist" menu, and the
// edits. Tags: Playlist/{id} for one, PlaylistList for the lists and the menu.
import {
  type MyPlaylists,
  type PlaylistDetailsResponse,
  type PlaylistEdit,
  type PlaylistForm,
  type PlaylistListResponse,
  playlistName,
} from '../../common/api/playlists'
import { sonolusApi } from './sonolusApi'

type Saved = { code: 200; id: string }

export const playlistsApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getPlaylists: build.query<PlaylistListResponse, { page: number; mine?: boolean; keywords?: string }>({
      query: ({ page, mine, keywords }) => ({
        url: '/playlists/list',
        params: { page, ...(mine ? { type: 'mine' } : {}), ...(keywords ? { keywords } : {}) },
      }),
      providesTags: ['PlaylistList'],
    }),
    getPlaylist: build.query<PlaylistDetailsResponse, string>({
      // The site's view: the charts as rows, not the app's levels.
      query: (id) => ({ url: `/playlists/${playlistName(id)}`, params: { view: 'site' } }),
      providesTags: (_result, _error, id) => [{ type: 'Playlist', id }],
    }),
    getMyPlaylists: build.query<MyPlaylists, string | undefined>({
      query: (chart) => ({ url: '/user/playlists', params: chart ? { chart } : {} }),
      providesTags: ['PlaylistList'],
    }),
    createPlaylist: build.mutation<Saved, PlaylistForm>({
      query: (body) => ({ url: '/playlists/create', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['PlaylistList']),
    }),
    editPlaylist: build.mutation<Saved, { id: string; edit: PlaylistEdit }>({
      query: ({ id, edit }) => ({ url: `/playlists/${playlistName(id)}/edit`, method: 'POST', body: edit }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Playlist', id }, 'PlaylistList']),
    }),
    addToPlaylist: build.mutation<Saved, { id: string; chartId: string }>({
      query: ({ id, chartId }) => ({
        url: `/playlists/${playlistName(id)}/add`,
        method: 'POST',
        body: { chartId },
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Playlist', id }, 'PlaylistList']),
    }),
    deletePlaylist: build.mutation<Saved, string>({
      query: (id) => ({ url: `/playlists/${playlistName(id)}/delete`, method: 'POST', body: {} }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Playlist', id }, 'PlaylistList']),
    }),
  }),
})

export const {
  useGetPlaylistsQuery,
  useGetPlaylistQuery,
  useGetMyPlaylistsQuery,
  useCreatePlaylistMutation,
  useEditPlaylistMutation,
  useAddToPlaylistMutation,
  useDeletePlaylistMutation,
} = playlistsApi
