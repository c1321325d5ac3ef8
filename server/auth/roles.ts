// Who moderates: the handles in ADMIN_HANDLES, and the users another moderator granted the role
// (stored, so every instance agrees).
import { type Role } from '../../common/api/moderation.js'
import { type Config } from '../config.js'
import { type Repositories, type User } from '../db/repositories/index.js'
import { denied } from '../domain/errors.js'
import { SOMEONE } from './someone.js'

/** What telling a moderator needs: the configured handles and the stored grants. */
export type RoleContext = { config: Pick<Config, 'adminHandles'>; repos: Pick<Repositories, 'moderation'> }

const asked = new WeakMap<User, Promise<boolean>>()

/** Asked once per request (the user object is the request's own). */
export const isModerator = (ctx: RoleContext, user: User | undefined): Promise<boolean> => {
  if (!user || user === SOMEONE) return Promise.resolve(false)
  if (ctx.config.adminHandles.includes(user.handle)) return Promise.resolve(true)
  let answer = asked.get(user)
  if (!answer) {
    answer = ctx.repos.moderation.isGranted(user.id)
    asked.set(user, answer)
  }
  return answer
}

export const roleOf = async (ctx: RoleContext, user: User): Promise<Role> =>
  (await isModerator(ctx, user)) ? 'moderator' : 'user'

/** A moderator, or 401 permission_denied2 (every moderation route). */
export const requireModerator = async (ctx: RoleContext, user: User | undefined): Promise<User> => {
  if (!user || !(await isModerator(ctx, user))) throw denied('action')
  return user
}
