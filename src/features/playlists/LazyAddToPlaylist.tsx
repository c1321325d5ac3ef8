// The "add to playlist" button as chart cards and chart info show it: nothing for a visitor, and for a
// logged-in user the button with its dialog, loaded then. A visitor's first page does not download the
// dialog, its list and its field.
import { Suspense, lazy } from 'react'
import { useCurrentUser } from '../../app/hooks'
import type { AddToPlaylistProps } from './AddToPlaylist'

const AddToPlaylistButton = lazy(() => import('./AddToPlaylist'))

export const AddToPlaylist = (props: AddToPlaylistProps) => {
  const { user } = useCurrentUser()
  if (!user) return null
  return (
    <Suspense fallback={null}>
      <AddToPlaylistButton {...props} />
    </Suspense>
  )
}
