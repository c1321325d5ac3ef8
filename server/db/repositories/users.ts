import { type Insertable, type Kysely, type Selectable } from 'kysely'
import { type Database, type UsersTable } from '../schema.js'

export type User = Selectable<UsersTable>

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  }

  findByHandle(handle: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('handle', '=', handle).executeTakeFirst()
  }

  /** Insert, or refresh handle, name and profile of an existing user (the app is the source of truth). */
  async upsert(
    user: Omit<Insertable<UsersTable>, 'createdTime' | 'updatedTime'>,
    now = Date.now(),
  ): Promise<User> {
    await this.db
      .insertInto('users')
      .values({ ...user, createdTime: now, updatedTime: now })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          handle: user.handle,
          name: user.name,
          profile: user.profile ?? '{}',
          updatedTime: now,
        }),
      )
      .execute()
    const stored = await this.findById(user.id)
    if (!stored) throw new Error(`user ${user.id} vanished after upsert`)
    return stored
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst()
    return result.numDeletedRows > 0n
  }
}
