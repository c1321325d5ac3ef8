// The one way a page reports what went wrong in the error bar (docs/spec.md §8): the page names the catalogue key
// (it chooses what a 401 means there: permission_denied on pages, not_login on My charts and Liked
// charts; a refusal it knows of itself, such as a visitor on a moderators' page), and the message is queued
// once each time that key changes or the failed call fails anew. The failure's details (when to try again,
// a suspension's end and reason) come from the error itself (showFailure). A page that asks a visitor to
// log in instead of failing passes no key.
import { useEffect } from 'react'
import { type MessageKey } from '../../api/errors'
import { useAppDispatch } from '../hooks'
import { showFailure } from './messagesSlice'

export const useFailureMessage = (key: MessageKey | undefined, error?: unknown): void => {
  const dispatch = useAppDispatch()
  useEffect(() => {
    if (key) dispatch(showFailure(error, key))
  }, [key, error, dispatch])
}
