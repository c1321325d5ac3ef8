// What a moderator's news call that failed says when the catalogue has no key for it.
import { statusOf } from '../../api/errors'
import { type MessageId } from '../../messageIds'

/** A post edited or deleted after another moderator deleted it says so, rather than blame the network. */
export const explainMissing = (error: unknown): MessageId | undefined =>
  statusOf(error) === 404 ? 'moderation.target_missing' : undefined
