// A chart's level-data versions: which there are, and what each new one changed in the notes. The changes
// are worked out when an edit replaces the level data, while the old file still exists, and kept with the
// version; chart info lists them and the preview marks the notes.
import { type LevelChanges } from '../../common/chart/diff.js'
import { type AppContext } from '../context.js'
import { type User } from '../db/repositories/index.js'
import { missing } from '../domain/errors.js'
import { visibleChart } from '../policy/chartAccess.js'
import { readBlob } from '../storage/putFile.js'
import { WorkBusyError, WorkLimitError, WorkRefusal, type WorkOwner } from '../work/pool.js'

/** A chart's versions: the current one and the earlier ones, each with its dates, players and changes. */
/** Who set a version's level data, when it is known (a co-author may have). */
const editorOf = (editor: string) => (editor ? { editor } : {})

export const chartVersions = async (ctx: AppContext, name: string, user: User | undefined) => {
  const chart = await visibleChart(ctx, name, user, 'page')
  const [earlier, players, changes] = await Promise.all([
    ctx.repos.chartVersions.list(chart.id),
    ctx.repos.leaderboards.playersByVersion(chart.id),
    ctx.repos.chartVersions.changeSummaries(chart.id),
  ])
  const changesOf = (version: number) => {
    const found = changes.get(version)
    return found ? { changes: found } : {}
  }
  return {
    current: {
      version: chart.version,
      time: Number(chart.versionTime) || Number(chart.publishTime),
      players: players.get(chart.version) ?? 0,
      ...changesOf(chart.version),
      ...editorOf(chart.versionEditor),
    },
    earlier: earlier.map((row) => ({
      version: row.version,
      time: Number(row.createdTime) || Number(chart.publishTime),
      replacedTime: Number(row.replacedTime),
      players: players.get(row.version) ?? 0,
      ...changesOf(row.version),
      ...editorOf(row.editor),
    })),
  }
}

/** One version's changes with the notes; 404 when the chart has no such version or none were kept. */
export const versionChanges = async (
  ctx: AppContext,
  name: string,
  version: number,
  user: User | undefined,
): Promise<LevelChanges> => {
  const chart = await visibleChart(ctx, name, user, 'page')
  const changes = await ctx.repos.chartVersions.changes(chart.id, version)
  if (!changes) throw missing('No changes are kept for this version')
  return changes
}

/** What new level data changes against the old (still stored), read in a worker thread. Undefined when it
 *  cannot be told: the old file is gone, or reading either was refused or found the pool busy. The edit
 *  goes on without it; the version then shows no changes. */
export const compareVersions = async (
  ctx: AppContext,
  beforeHash: string,
  after: Uint8Array,
  owner: WorkOwner,
  log: { warn: (details: object, message: string) => void },
): Promise<LevelChanges | undefined> => {
  const before = await readBlob(ctx.blobStore, beforeHash)
  if (!before) return undefined
  try {
    return (await ctx.work.compareLevels(before, after, owner)).changes
  } catch (error) {
    if (error instanceof WorkRefusal || error instanceof WorkLimitError || error instanceof WorkBusyError) {
      log.warn({ err: error, beforeHash }, 'version changes not worked out')
      return undefined
    }
    throw error
  }
}
