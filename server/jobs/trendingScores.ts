// Trending: every TRENDING_INTERVAL_MS one instance (the one whose claim on the meta row wins) recomputes
// every chart's score.
import { type JobDeps } from './deps.js'

/** The meta row whose time says when trending was last recomputed (by any instance). */
export const TRENDING_KEY = 'trending_computed_at'

/** Recomputes trending now (the caller holds this interval's claim). Returns the charts that trend. */
export const recomputeTrending = async (deps: JobDeps, now: number): Promise<number> => {
  const started = Date.now()
  const trending = await (deps.recomputeTrending ?? ((at) => deps.repos.trending.recompute(at)))(now)
  deps.onListsChanged?.()
  deps.log?.info({ trending, ms: Date.now() - started }, 'trending recomputed')
  return trending
}
