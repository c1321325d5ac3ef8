import { type Insertable, type Kysely, type Selectable } from 'kysely'
import { type Dialect } from '../database.js'
import { type Database, type FilesTable } from '../schema.js'

export type FileRecord = Selectable<FilesTable>
export type NewFileRecord = Insertable<FilesTable>

/** Where a stored file came from: only uploads and what the server made from them are ever collected. */
export type FileOrigin = 'system' | 'upload' | 'derived'
const COLLECTABLE: FileOrigin[] = ['upload', 'derived']

/** Every column of a chart that names a stored file. */
export const CHART_FILE_COLUMNS = [
  'coverHash',
  'backgroundHash',
  'musicHash',
  'bgmHash',
  'previewHash',
  'susHash',
  'dataHash',
] as const

export class FilesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  get(hash: string): Promise<FileRecord | undefined> {
    return this.db.selectFrom('files').selectAll().where('hash', '=', hash).executeTakeFirst()
  }

  /** Records a stored blob. Content-addressed, so a second record of the same hash is a no-op. */
  async record(file: NewFileRecord): Promise<void> {
    await this.db
      .insertInto('files')
      .values(file)
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute()
  }

  async delete(hash: string): Promise<void> {
    await this.db.deleteFrom('files').where('hash', '=', hash).execute()
  }

  /** The rows of these hashes, locked until the transaction ends on PostgreSQL (a collector deleting one
   *  waits, and then sees the chart that now uses it). SQLite transactions are serialised anyway. */
  async lockExisting(hashes: string[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set()
    const query = this.db.selectFrom('files').select('hash').where('hash', 'in', hashes)
    const rows = await (this.dialect === 'postgres' ? query.forUpdate() : query).execute()
    return new Set(rows.map((row) => row.hash))
  }

  /** Deletes the row if nothing uses the file any more and it may be collected; true when deleted. Run it
   *  in a transaction: the row is locked first, so a create that is about to use the file either
   *  finishes first (and the file stays) or finds it gone. */
  async deleteIfUnused(hash: string): Promise<boolean> {
    const locked = await this.lockExisting([hash])
    if (!locked.has(hash)) return false
    const row = await this.get(hash)
    if (!row || !COLLECTABLE.includes(row.origin as FileOrigin)) return false
    if (await this.isReferenced(hash)) return false
    await this.delete(hash)
    return true
  }

  /** Collectable files that no chart or record uses and that are older than `before` (abandoned uploads,
   *  replays of deleted charts). */
  unusedBefore(before: number, limit: number): Promise<string[]> {
    return (
      this.db
        .selectFrom('files')
        .select('hash')
        .where('origin', 'in', COLLECTABLE)
        .where('createdTime', '<', before)
        .where(({ eb, exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('charts')
                .select('charts.id')
                .where((c) =>
                  c.or(
                    CHART_FILE_COLUMNS.map((column) => c.eb(`charts.${column}`, '=', eb.ref('files.hash'))),
                  ),
                ),
            ),
          ),
        )
        // Nor a record (its replay).
        .where(({ eb, exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('records')
                .select('records.id')
                .where((r) =>
                  r.or([
                    r.eb('records.dataHash', '=', eb.ref('files.hash')),
                    r.eb('records.configurationHash', '=', eb.ref('files.hash')),
                  ]),
                ),
            ),
          ),
        )
        .limit(limit)
        .execute()
        .then((rows) => rows.map((row) => row.hash))
    )
  }

  /** Whether a chart's SUS (or TXT) file may be served to this person: when a chart that uses it lets
   *  anyone download it (and anyone can see that chart), or to an author of a chart that uses it. A file
   *  that is no chart's SUS is not held back here. */
  async chartSourceServedTo(hash: string, userId: string | undefined): Promise<boolean> {
    const rows = await this.db
      .selectFrom('charts')
      .select(['authorId', 'allowSusDownload', 'isPublic', 'hidden', 'scheduledTime'])
      .where('susHash', '=', hash)
      .execute()
    if (rows.length === 0) return true
    return rows.some(
      (row) =>
        row.authorId === userId ||
        (row.allowSusDownload === 1 && row.isPublic === 1 && row.hidden === 0 && row.scheduledTime === null),
    )
  }

  /** Notes that this user uploaded the file (sent every byte of it). */
  async addOwner(hash: string, userId: string, now: number): Promise<void> {
    await this.db
      .insertInto('fileOwners')
      .values({ hash, userId, createdTime: now })
      .onConflict((oc) => oc.columns(['hash', 'userId']).doNothing())
      .execute()
  }

  /** True when this user uploaded the file, or a chart of theirs names it. */
  async ownedBy(hash: string, userId: string): Promise<boolean> {
    const uploaded = await this.db
      .selectFrom('fileOwners')
      .select('hash')
      .where('hash', '=', hash)
      .where('userId', '=', userId)
      .executeTakeFirst()
    if (uploaded) return true
    const row = await this.db
      .selectFrom('charts')
      .select('id')
      .where('authorId', '=', userId)
      .where((eb) => eb.or(CHART_FILE_COLUMNS.map((column) => eb(column, '=', hash))))
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /** True when any chart still points at the file. */
  async isReferenced(hash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('charts')
      .select('id')
      .where((eb) => eb.or(CHART_FILE_COLUMNS.map((column) => eb(column, '=', hash))))
      .limit(1)
      .executeTakeFirst()
    if (row !== undefined) return true
    // A replay's files (two records may share a byte-identical configuration).
    const record = await this.db
      .selectFrom('records')
      .select('id')
      .where((eb) => eb.or([eb('dataHash', '=', hash), eb('configurationHash', '=', hash)]))
      .limit(1)
      .executeTakeFirst()
    return record !== undefined
  }
}
