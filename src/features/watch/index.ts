// The browser player. Its code (the player, the renderer, the worker) loads only where it is shown: chart
// info and the create and edit pages use this entry, and the player comes in its own chunk.
export { LazyWatchPlayer as WatchPlayer } from './LazyWatchPlayer'
export { formatMoment, linkMoments, momentHash, parseMoment } from './moments'
export { useMoment, type Moment } from './useMoment'
export type { WatchPlayerProps } from './WatchPlayer'
