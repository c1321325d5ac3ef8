// Chunked upload sessions and their chunks (docs/spec.md §4 "Upload"). Everything an instance needs to take the
// next chunk of any upload is here or in the blob store, never in process memory.
import { type Kysely, type Selectable } from 'kysely'
import { type Database, type MediaJobsTable, type UploadSessionsTable } from '../schema.js'

export type UploadSession = Selectable<UploadSessionsTable>
export type Chunk = { start: number; end: number }
export type MediaJob = Selectable<MediaJobsTable>

export class UploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: UploadSession): Promise<void> {
    await this.db.insertInto('uploadSessions').values(session).execute()
  }

  /** Sessions open now, everyone's (started, not finished, not expired): a metric. */
  async countAllOpen(now: number): Promise<number> {
    const row = await this.db
      .selectFrom('uploadSessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('expiresTime', '>', now)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  get(id: string): Promise<UploadSession | undefined> {
    return this.db.selectFrom('uploadSessions').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** A session with its chunks, in one query (each chunk PUT asks for both). */
  async getWithChunks(id: string): Promise<{ session: UploadSession; chunks: Chunk[] } | undefined> {
    const rows = await this.db
      .selectFrom('uploadSessions')
      .leftJoin('uploadChunks', 'uploadChunks.uploadId', 'uploadSessions.id')
      .selectAll('uploadSessions')
      .select(['uploadChunks.start as chunkStart', 'uploadChunks.end as chunkEnd'])
      .where('uploadSessions.id', '=', id)
      .orderBy('uploadChunks.start')
      .execute()
    if (rows.length === 0) return undefined
    const { chunkStart: _start, chunkEnd: _end, ...session } = rows[0]
    const chunks = rows
      .filter((row) => row.chunkStart !== null && row.chunkEnd !== null)
      .map((row) => ({ start: Number(row.chunkStart), end: Number(row.chunkEnd) }))
    return { session, chunks }
  }

  /** The caller's unexpired session for these bytes, if any (so an interrupted upload resumes). */
  findResumable(
    userId: string,
    hash: string,
    size: number,
    kind: string,
    now: number,
  ): Promise<UploadSession | undefined> {
    return this.db
      .selectFrom('uploadSessions')
      .selectAll()
      .where('userId', '=', userId)
      .where('hash', '=', hash)
      .where('size', '=', size)
      .where('kind', '=', kind)
      .where('expiresTime', '>', now)
      .orderBy('createdTime', 'desc')
      .limit(1)
      .executeTakeFirst()
  }

  /** How many unexpired uploads the user has open (each may hold up to 20 MB of scratch bytes). */
  async countOpen(userId: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('uploadSessions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('userId', '=', userId)
      .where('expiresTime', '>', now)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  async touch(id: string, expiresTime: number): Promise<void> {
    await this.db.updateTable('uploadSessions').set({ expiresTime }).where('id', '=', id).execute()
  }

  async chunks(id: string): Promise<Chunk[]> {
    const rows = await this.db
      .selectFrom('uploadChunks')
      .select(['start', 'end'])
      .where('uploadId', '=', id)
      .orderBy('start')
      .execute()
    return rows.map((row) => ({ start: Number(row.start), end: Number(row.end) }))
  }

  /** The session's chunks, with its row locked until the transaction ends: chunks that arrive together
   *  are then checked and recorded one after another. */
  async lockedChunks(id: string): Promise<Chunk[]> {
    await this.db.updateTable('uploadSessions').set({ id }).where('id', '=', id).execute()
    return this.chunks(id)
  }

  /** Records a stored chunk (one already recorded at the same start is kept as it is). */
  async addChunk(id: string, chunk: Chunk): Promise<void> {
    await this.db
      .insertInto('uploadChunks')
      .values({ uploadId: id, start: chunk.start, end: chunk.end })
      .onConflict((oc) => oc.columns(['uploadId', 'start']).doNothing())
      .execute()
  }

  /** Removes the session and its chunk rows (the chunks' bytes are the caller's to delete first). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('uploadChunks').where('uploadId', '=', id).execute()
    await this.db.deleteFrom('uploadSessions').where('id', '=', id).execute()
  }

  /** Sessions abandoned before `now`. */
  expired(now: number, limit: number): Promise<UploadSession[]> {
    return this.db
      .selectFrom('uploadSessions')
      .selectAll()
      .where('expiresTime', '<=', now)
      .orderBy('expiresTime')
      .limit(limit)
      .execute()
  }

  // Media jobs: the music of a chart waiting to be re-encoded.

  async enqueueMedia(chartId: string, musicHash: string, now: number): Promise<void> {
    await this.db
      .insertInto('mediaJobs')
      .values({ chartId, musicHash, createdTime: now, error: null })
      .onConflict((oc) =>
        oc
          .column('chartId')
          .doUpdateSet({ musicHash, attempts: 0, leaseUntil: 0, error: null, createdTime: now }),
      )
      .execute()
  }

  /** Takes the oldest job nobody holds, for `leaseMs`. Two workers never hold one job: the update only
   *  succeeds while the lease it read is still there. */
  async claimMedia(now: number, leaseMs: number, maxAttempts: number): Promise<MediaJob | undefined> {
    for (let tries = 0; tries < 3; tries++) {
      const job = await this.db
        .selectFrom('mediaJobs')
        .selectAll()
        .where('leaseUntil', '<=', now)
        .where('attempts', '<', maxAttempts)
        .orderBy('createdTime')
        .limit(1)
        .executeTakeFirst()
      if (!job) return undefined
      const result = await this.db
        .updateTable('mediaJobs')
        .set({ leaseUntil: now + leaseMs, attempts: Number(job.attempts) + 1 })
        .where('chartId', '=', job.chartId)
        .where('leaseUntil', '=', job.leaseUntil)
        .where('musicHash', '=', job.musicHash)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 1)
        return { ...job, attempts: Number(job.attempts) + 1, leaseUntil: now + leaseMs }
    }
    return undefined
  }

  /** Ends a job: gone when done; kept with its error (and free to retry) when it failed. */
  async finishMedia(job: MediaJob, error?: string): Promise<void> {
    if (error === undefined)
      await this.db
        .deleteFrom('mediaJobs')
        .where('chartId', '=', job.chartId)
        .where('musicHash', '=', job.musicHash)
        .execute()
    else
      await this.db
        .updateTable('mediaJobs')
        .set({ error, leaseUntil: 0 })
        .where('chartId', '=', job.chartId)
        .where('musicHash', '=', job.musicHash)
        .execute()
  }
}
