// Chart stats: the back-fill of charts whose level data has no stats yet (charts stored before stats
// existed, or by older stats code), read in the worker threads, a batch a pass.
import { statsColumns } from '../db/repositories/index.js'
import { readBlob } from '../storage/putFile.js'
import { WorkBusyError } from '../work/pool.js'
import { type JobDeps } from './deps.js'

/** Charts the stats back-fill reads in one pass. */
export const STATS_BATCH = 20

/** Computes the stats of a batch of charts that have none (or old ones); true when more may be left.
 *  `cancelled` ends the batch early (the server stopping). */
export const backfillStats = async (
  deps: JobDeps,
  limit: number,
  cancelled: () => boolean,
): Promise<boolean> => {
  const { repos, blobStore, work, log } = deps
  if (!work) return false
  const charts = await repos.charts.needingStats(limit)
  for (const chart of charts) {
    if (cancelled()) return false
    try {
      // A SUS is converted again, which also gives its tempos; level data alone is read.
      const bytes = await readBlob(blobStore, chart.susHash ?? chart.dataHash!)
      const stats = !bytes
        ? null
        : chart.susHash
          ? (await work.convertSus(bytes)).stats
          : (await work.readLevelData(bytes)).stats
      if (!stats) log?.warn({ chart: chart.id }, 'chart stats: its file is not in the store')
      await repos.charts.setStats(chart.id, chart.dataHash!, statsColumns(stats))
    } catch (error) {
      // Busy threads: the next pass tries again. Anything else is the chart's own fault, and it is
      // marked done without figures rather than read again on every pass.
      if (error instanceof WorkBusyError) return false
      log?.warn({ err: error, chart: chart.id }, 'chart stats: its level data could not be read')
      await repos.charts.setStats(chart.id, chart.dataHash!, statsColumns(null))
    }
  }
  return charts.length === limit
}
