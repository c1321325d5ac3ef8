// Runs a submit call the docs/spec.md §8 way: a success message when it works; otherwise the catalogue's message
// (a 401 on a submit call is permission_denied2; a suspension says until when and why) and the error
// rethrown, so the caller (an ActionButton) shows its cross and the action stops. A caller may explain a
// failure the catalogue has no key for (a takedown naming no chart of this site) with its own text.
import { useCallback } from 'react'
import { errorKeyOf } from '../../api/errors'
import { useAppDispatch } from '../hooks'
import { type MessageId } from '../../messageIds'
import { showError, showFailure, showSuccess } from './messagesSlice'

export const useSubmit = () => {
  const dispatch = useAppDispatch()
  return useCallback(
    // The success text may depend on the answer (a report that was already filed says so).
    async <T>(
      run: () => Promise<T>,
      successId: MessageId | ((result: T) => MessageId),
      explain?: (error: unknown) => MessageId | undefined,
    ): Promise<T> => {
      try {
        const result = await run()
        dispatch(showSuccess(typeof successId === 'string' ? successId : successId(result)))
        return result
      } catch (error) {
        const explained = explain?.(error)
        dispatch(
          explained ? showError(explained) : showFailure(error, errorKeyOf(error, 'permission_denied2')),
        )
        throw error
      }
    },
    [dispatch],
  )
}
