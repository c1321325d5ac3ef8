// People as the app sees them (core UserItem): named by their handle, which /sonolus/users/{name}
// serves, and titled with their name. A chart's, comment's or record's 'name#handle' says whose it is
// (docs/spec.md §3 "author"), so the user item is read from it.
import { type UserItem } from '@sonolus/core'
import { splitAuthor } from '../../common/format.js'
import { RELEASED_PREFIX } from '../db/repositories/index.js'

export const userItem = (user: { handle: string; name: string }, publicUrl: string): UserItem => ({
  name: user.handle,
  source: publicUrl,
  title: user.name,
  handle: user.handle,
  tags: [],
})

/** The user item of a 'name#handle', when it names a handle. */
export const userItemOf = (author: string, publicUrl: string): UserItem | undefined => {
  const { name, handle } = splitAuthor(author)
  return handle && !handle.startsWith(RELEASED_PREFIX) ? userItem({ handle, name }, publicUrl) : undefined
}
