// A worker thread's entry (work/trending.ts): recomputes trending on a SQLite connection of its own, so
// that the seconds of reading a week of likes, ratings and plays never hold the server's event loop
// (better-sqlite3 answers synchronously). Posts how many charts trend, or the error's message.
import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from '../db/database.js'
import { createRepositories } from '../db/repositories/index.js'

const { file, now } = workerData as { file: string; now: number }
const db = await openDatabase({ kind: 'sqlite', file })
try {
  const trending = await createRepositories(db.db, 'sqlite').trending.recompute(now)
  parentPort!.postMessage({ ok: true, trending })
} catch (error) {
  parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) })
} finally {
  await db.close()
}
