import { type Kysely, type Selectable } from 'kysely'
import { type Database, type PackItemsTable } from '../schema.js'

export type PackItemRow = Selectable<PackItemsTable>

export class PackItemsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<PackItemRow[]> {
    return this.db.selectFrom('packItems').selectAll().orderBy('type').orderBy('name').execute()
  }

  /** Inserts or replaces an item (a later import of the same name wins). */
  async upsert(row: PackItemRow): Promise<void> {
    await this.db
      .insertInto('packItems')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['type', 'name']).doUpdateSet({ item: row.item, createdTime: row.createdTime }),
      )
      .execute()
  }
}
