import { type Insertable, type Kysely, type Selectable, sql } from 'kysely'
import { type Database, type UsersTable } from '../schema.js'

export type User = Selectable<UsersTable>

export const RELEASED_PREFIX = '~'
/** The handle of a user whose handle Sonolus gave to another user id: '~' and the user's own id, unique
 *  because ids are, and never a Sonolus handle (those are digits). Their charts keep their author_id;
 *  'name#handle' on them no longer matches, so no one can edit them until the handle comes back. */
export const releasedHandle = (id: string): string => `${RELEASED_PREFIX}${id}`

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  }

  findByHandle(handle: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('handle', '=', handle).executeTakeFirst()
  }

  /** Insert, or refresh handle, name and profile of an existing user (the app is the source of truth).
   *  A handle belongs to one user: when Sonolus has given it to another id, the row that held it gives it
   *  up first and takes `releasedHandle(its id)`, so the unique handle never refuses the sign-in. Run it
   *  in a transaction (`repos.transaction`) so that both steps land together. */
  async upsert(
    user: Omit<Insertable<UsersTable>, 'createdTime' | 'updatedTime'>,
    now = Date.now(),
  ): Promise<User> {
    await this.db
      .updateTable('users')
      .set({ handle: sql<string>`${RELEASED_PREFIX} || ${sql.ref('id')}`, updatedTime: now })
      .where('handle', '=', user.handle)
      .where('id', '!=', user.id)
      .execute()
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
