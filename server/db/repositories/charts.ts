import { type Insertable, type Kysely, type Selectable } from 'kysely'
import { type ChartsTable, type Database } from '../schema.js'

export type ChartRow = Selectable<ChartsTable>
export type NewChart = Insertable<ChartsTable>

export class ChartsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(chart: NewChart): Promise<ChartRow> {
    await this.db.insertInto('charts').values(chart).execute()
    const stored = await this.findById(chart.id)
    if (!stored) throw new Error(`chart ${chart.id} vanished after insert`)
    return stored
  }

  findById(id: string): Promise<ChartRow | undefined> {
    return this.db.selectFrom('charts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('charts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  listByAuthor(authorId: string): Promise<ChartRow[]> {
    return this.db
      .selectFrom('charts')
      .selectAll()
      .where('authorId', '=', authorId)
      .orderBy('publishTime', 'desc')
      .orderBy('id')
      .execute()
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('charts').where('id', '=', id).executeTakeFirst()
    return result.numDeletedRows > 0n
  }
}
