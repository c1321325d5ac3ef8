import { type Kysely, type Selectable } from 'kysely'
import { type Database, type FilesTable } from '../schema.js'

export type FileRecord = Selectable<FilesTable>

export class FilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  get(hash: string): Promise<FileRecord | undefined> {
    return this.db.selectFrom('files').selectAll().where('hash', '=', hash).executeTakeFirst()
  }

  /** Records a stored blob. Content-addressed, so a second record of the same hash is a no-op. */
  async record(file: FileRecord): Promise<void> {
    await this.db
      .insertInto('files')
      .values(file)
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute()
  }

  async delete(hash: string): Promise<void> {
    await this.db.deleteFrom('files').where('hash', '=', hash).execute()
  }

  /** True when any chart still points at the file. */
  async isReferenced(hash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('charts')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('coverHash', '=', hash),
          eb('backgroundHash', '=', hash),
          eb('musicHash', '=', hash),
          eb('previewHash', '=', hash),
          eb('susHash', '=', hash),
          eb('dataHash', '=', hash),
        ]),
      )
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }
}
