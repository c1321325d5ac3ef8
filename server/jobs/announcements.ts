// Announcements: a newly published chart's followers are notified.
import { type JobDeps } from './deps.js'

/** Announcements sent in one pass (each to all of a creator's followers). */
const FANOUT_BATCH = 50

/** Tells the followers of each newly published chart: each announcement in a transaction of its own,
 *  which only one instance can take. Returns the notifications written. */
export const sendAnnouncements = async (
  deps: JobDeps,
  now: number,
  stopped: () => boolean,
): Promise<number> => {
  const { repos, log } = deps
  let written = 0
  for (const { chartId } of await repos.follows.dueFanouts(FANOUT_BATCH)) {
    if (stopped()) break
    const sent = await repos.transaction((trx) => trx.follows.fanout(chartId, now))
    if (sent !== null) log?.info({ chart: chartId, followers: sent }, 'chart announced to followers')
    written += sent ?? 0
  }
  return written
}
