// Replays our own code stored before it wrote them as the replay specs say. Only the demo players' records
// were written by us (the app's replays were always delta encoded); that writer's replays are known by what
// no play leaves: no touches and no entity at all. Their inputs are delta encoded here, the play itself
// kept. Each file is written first (by its hash, so a second try writes nothing new); then one transaction
// points the records at them and marks the work done, so two instances starting together do it once and a
// stop half-way leaves nothing half-done.
import { gunzipSync, gzipSync } from 'node:zlib'
import { encodeReplayInputs } from '../../common/replay.js'
import { GZIP_LEVEL } from '../../common/rules.js'
import { recordsChanged } from '../cache/tags.js'
import { type AppContext } from '../context.js'
import { putBuffer, readBlob } from '../storage/putFile.js'
import { DEMO_PLAYERS } from './seed.js'

export const DEMO_REPLAYS_ENCODED_KEY = 'demo_replays_delta_encoded'

type StoredReplay = {
  inputs?: { entityIndex?: unknown; time?: unknown; judgment?: unknown; accuracy?: unknown }
  entities?: unknown
  touches?: { l?: unknown }
}

const numbers = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'number') ? value : undefined

/** The old demo writer's replay: inputs of absolute values, no exported data, no touches. */
const writtenBeforeEncoding = (replay: StoredReplay): boolean =>
  Array.isArray(replay.entities) &&
  replay.entities.length === 0 &&
  Array.isArray(replay.touches?.l) &&
  replay.touches.l.length === 0 &&
  [replay.inputs?.entityIndex, replay.inputs?.time, replay.inputs?.judgment, replay.inputs?.accuracy].every(
    (array) => numbers(array) !== undefined,
  )

/** Re-encodes the old demo replays, once per installation; how many records it changed. */
export const encodeOldDemoReplays = async (ctx: AppContext, now = Date.now()): Promise<number> => {
  const { repos, blobStore } = ctx
  if ((await repos.meta.get(DEMO_REPLAYS_ENCODED_KEY)) !== undefined) return 0
  const records = await repos.leaderboards.recordsOfUsers(DEMO_PLAYERS.map((player) => player.id))
  const changes: { id: string; chartId: string; dataHash: string }[] = []
  for (const record of records) {
    const bytes = await readBlob(blobStore, record.dataHash)
    if (!bytes) continue
    let replay: StoredReplay
    try {
      replay = JSON.parse(gunzipSync(bytes).toString('utf8')) as StoredReplay
    } catch {
      continue
    }
    if (!writtenBeforeEncoding(replay)) continue
    const inputs = replay.inputs!
    const encoded = encodeReplayInputs({
      entityIndex: numbers(inputs.entityIndex)!,
      time: numbers(inputs.time)!,
      judgment: numbers(inputs.judgment)!,
      accuracy: numbers(inputs.accuracy)!,
    })
    const data = gzipSync(JSON.stringify({ ...replay, inputs: encoded }), { level: GZIP_LEVEL })
    changes.push({ ...record, dataHash: await putBuffer(blobStore, repos, data, 'application/gzip', now) })
  }
  const done = await repos.transaction(async (trx) => {
    if (!(await trx.meta.claim(DEMO_REPLAYS_ENCODED_KEY, String(now)))) return false
    for (const change of changes) await trx.leaderboards.setReplayData(change.id, change.dataHash)
    return true
  })
  if (!done) return 0
  for (const chartId of new Set(changes.map((change) => change.chartId))) recordsChanged(ctx, chartId)
  return changes.length
}
