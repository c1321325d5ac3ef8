// docs/spec.md §2 "A snackbar and a fixed alert show success and error messages"; §4 timing.
import { type PayloadAction, createSlice, nanoid } from '@reduxjs/toolkit'
import { type MessageKey, answerOf, retryAfterOf, suspensionOf } from '../../api/errors'
import { type MessageId } from '../../messageIds'

export type MessageKind = 'success' | 'error'

export type Message = {
  id: string
  kind: MessageKind
  /** An i18n id: 'success.like', 'error.fetch_failed'… */
  textId: MessageId
  /** Extra detail shown after the text, e.g. a server message. */
  detail?: string
  /** The text's placeholders (a suspension's end, as ms since the epoch, and its reason). */
  values?: Record<string, string | number>
}

type MessagesState = { queue: Message[] }

const messagesSlice = createSlice({
  name: 'messages',
  initialState: { queue: [] } as MessagesState,
  reducers: {
    pushMessage: {
      reducer(state, action: PayloadAction<Message>) {
        state.queue.push(action.payload)
      },
      prepare(message: Omit<Message, 'id'>) {
        return { payload: { ...message, id: nanoid() } }
      },
    },
    dismissMessage(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((message) => message.id !== action.payload)
    },
  },
})

export const { pushMessage, dismissMessage } = messagesSlice.actions
export const messagesReducer = messagesSlice.reducer

export const showSuccess = (textId: MessageId) => pushMessage({ kind: 'success', textId })
export const showError = (textId: MessageId, detail?: string) =>
  pushMessage({ kind: 'error', textId, detail })

/** The catalogue's keys whose texts blame the network (docs/spec.md §8), and what is said instead when the
 *  server did answer and refused with a reason. */
const REFUSED: Partial<Record<MessageKey, MessageId>> = {
  fetch_failed: 'error.request_refused',
  upload_failed: 'error.upload_refused',
  create_failed: 'error.create_refused',
}

/** The message of a failed call whose catalogue key is `key`: a suspension (403 `suspended`) says until
 *  when and why, from the answer's body; a ban has no end. A call the server answered is never called a
 *  network failure: a refusal shows the server's reason, any other answer its status. */
export const showFailure = (error: unknown, key: MessageKey) => {
  // Too many requests: when to try again, from the server's Retry-After.
  const retryAfter = retryAfterOf(error)
  if ((key === 'rate_limited' || key === 'server_busy') && retryAfter !== undefined)
    return pushMessage({ kind: 'error', textId: `error.${key}_in`, values: { seconds: retryAfter } })
  const suspension = suspensionOf(error)
  if (!suspension) {
    const answer = answerOf(error)
    const refused = REFUSED[key]
    if (!answer || !refused) return showError(`error.${key}`)
    // A 4xx with a reason is a refusal of what was sent; a 5xx says nothing the person can act on.
    if (answer.reason !== undefined && answer.status < 500)
      return pushMessage({ kind: 'error', textId: refused, values: { reason: answer.reason } })
    return pushMessage({ kind: 'error', textId: 'error.server_status', values: { status: answer.status } })
  }
  return pushMessage({
    kind: 'error',
    textId: suspension.until === null ? 'error.suspended_ban' : 'error.suspended',
    values: { until: suspension.until ?? 0, reason: suspension.reason },
  })
}
