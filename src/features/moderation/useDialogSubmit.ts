// The send step of a moderation dialog (an action, a report): busy while the call runs, the shared
// success/failure messages (useSubmit), closed on success, left open to try again on failure.
import { useState } from 'react'
import { statusOf } from '../../api/errors'
import { type MessageId } from '../../messageIds'
import { useSubmit } from '../../app/messages/useSubmit'

/** A report or action on a target that is gone (404) says so, rather than blame the network. */
const explainMissing = (error: unknown): MessageId | undefined =>
  statusOf(error) === 404 ? 'moderation.target_missing' : undefined

export const useDialogSubmit = (onClose: () => void) => {
  const submit = useSubmit()
  const [busy, setBusy] = useState(false)
  const send = async <T>(run: () => Promise<T>, success: MessageId | ((result: T) => MessageId)) => {
    setBusy(true)
    try {
      await submit(run, success, explainMissing)
      onClose()
    } catch {
      // useSubmit has shown the message; the dialog stays open to try again.
    } finally {
      setBusy(false)
    }
  }
  return { busy, send }
}
