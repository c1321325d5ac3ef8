// Shows queued messages: successes in a snackbar at the bottom, errors in a fixed alert at the top.
// docs/spec.md §4/§9: each appears 500 ms after its trigger and hides 5000 ms later.
import { useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { Alert } from 'antd'
import { MESSAGE_DELAY_MS, MESSAGE_VISIBLE_MS } from '../../../common/rules'
import { useAppDispatch, useAppSelector } from '../hooks'
import { type Message, dismissMessage } from './messagesSlice'

export const MessageHost = () => {
  const queue = useAppSelector((state) => state.messages.queue)
  const dispatch = useAppDispatch()
  const intl = useIntl()
  const [shown, setShown] = useState<string[]>([])
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>[]>())

  useEffect(() => {
    for (const message of queue) {
      if (timers.current.has(message.id)) continue
      timers.current.set(message.id, [
        setTimeout(() => setShown((ids) => [...ids, message.id]), MESSAGE_DELAY_MS),
        setTimeout(() => {
          setShown((ids) => ids.filter((id) => id !== message.id))
          timers.current.delete(message.id)
          dispatch(dismissMessage(message.id))
        }, MESSAGE_DELAY_MS + MESSAGE_VISIBLE_MS),
      ])
    }
  }, [queue, dispatch])

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const list of pending.values()) list.forEach(clearTimeout)
      pending.clear()
    }
  }, [])

  const close = (message: Message) => {
    timers.current.get(message.id)?.forEach(clearTimeout)
    timers.current.delete(message.id)
    setShown((ids) => ids.filter((id) => id !== message.id))
    dispatch(dismissMessage(message.id))
  }

  const visible = queue.filter((message) => shown.includes(message.id))
  const text = (message: Message) =>
    intl.formatMessage({ id: message.textId }, message.values) + (message.detail ? `: ${message.detail}` : '')
  const latest = (kind: Message['kind']) => visible.filter((message) => message.kind === kind).at(-1)
  const error = latest('error')
  const success = latest('success')

  return (
    <>
      {error && (
        <div className="message-alert">
          <Alert type="error" showIcon message={text(error)} closable onClose={() => close(error)} />
        </div>
      )}
      {success && (
        <div className="message-snackbar">
          <Alert
            type="success"
            role="status"
            showIcon
            message={text(success)}
            closable
            onClose={() => close(success)}
          />
        </div>
      )}
    </>
  )
}
