// Scheduled publishing: charts whose time has come are made public, and their announcement queued.
import { maybeAnnounce } from '../notifications/events.js'
import { type JobDeps } from './deps.js'

/** Scheduled charts published in one pass. */
const SCHEDULE_BATCH = 50

/** Publishes the charts whose scheduled time has come, each in a transaction of its own that only one
 *  instance can win (the update names the time it read), and queues their announcement. Returns how many
 *  this instance published. */
export const publishScheduled = async (
  deps: JobDeps,
  now: number,
  stopped: () => boolean,
): Promise<number> => {
  const { repos, log } = deps
  let published = 0
  for (const chart of await repos.charts.dueScheduled(now, SCHEDULE_BATCH)) {
    if (stopped()) break
    const done = await repos.transaction(async (trx) => {
      if (!(await trx.charts.publishScheduled(chart.id, chart.scheduledTime))) return false
      await maybeAnnounce(trx, { ...chart, isPublic: 1 }, now)
      return true
    })
    if (!done) continue
    published++
    deps.onChartChanged?.(chart)
    log?.info({ chart: chart.id, at: chart.scheduledTime }, 'scheduled chart published')
  }
  return published
}
