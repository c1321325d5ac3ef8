// What other features use of playlists: the "add to playlist" button (chart info, chart cards)
// and the home page's staff picks.
export { AddToPlaylist } from './LazyAddToPlaylist'
export { StaffPicksCard } from './StaffPicksCard'
