// Runs a submit call the spec §8 way: a success message when it works; otherwise the catalogue's message
// (a 401 on a submit call is permission_denied2) and the error rethrown, so the caller (an ActionButton)
// shows its cross and the action stops.
import { useCallback } from 'react'
import { errorKeyOf } from '../../api/errors'
import { useAppDispatch } from '../../app/hooks'
import { showError, showSuccess } from './messagesSlice'

export const useSubmit = () => {
  const dispatch = useAppDispatch()
  return useCallback(
    async <T>(run: () => Promise<T>, successId: string): Promise<T> => {
      try {
        const result = await run()
        dispatch(showSuccess(successId))
        return result
      } catch (error) {
        dispatch(showError(`error.${errorKeyOf(error as never, 'permission_denied2')}`))
        throw error
      }
    },
    [dispatch],
  )
}
