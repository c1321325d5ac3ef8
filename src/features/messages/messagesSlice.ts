// spec §2 "A snackbar and a fixed alert show success and error messages"; §4 timing.
import { type PayloadAction, createSlice, nanoid } from '@reduxjs/toolkit'

export type MessageKind = 'success' | 'error'

export type Message = {
  id: string
  kind: MessageKind
  /** An i18n id: 'success.like', 'error.fetch_failed'… */
  textId: string
  /** Extra detail shown after the text, e.g. a server message. */
  detail?: string
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

export const showSuccess = (textId: string) => pushMessage({ kind: 'success', textId })
export const showError = (textId: string, detail?: string) => pushMessage({ kind: 'error', textId, detail })
