// docs/spec.md §4 "Action button": default, loading, then a check on success or a cross on failure, then back to
// default after a configurable time. Clicks count only in the default state, and the button keeps its
// width in the result states. A failure is rethrown to `onError` (the action has shown its own message).
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Button, type ButtonProps } from 'antd'
import { CheckOutlined, CloseOutlined } from '@ant-design/icons'

export type ActionState = 'default' | 'loading' | 'success' | 'failure'

export type ActionButtonProps = Omit<ButtonProps, 'onClick' | 'loading' | 'children'> & {
  onAction: () => Promise<unknown>
  onError?: (error: unknown) => void
  /** How long the check or cross stays before the button is usable again. */
  resetMs?: number
  children: ReactNode
}

export const ActionButton = ({
  onAction,
  onError,
  resetMs = 2000,
  children,
  style,
  ...rest
}: ActionButtonProps) => {
  const [state, setState] = useState<ActionState>('default')
  const [width, setWidth] = useState<number>()
  const ref = useRef<HTMLButtonElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const settle = (next: ActionState) => {
    setState(next)
    timer.current = setTimeout(() => {
      setState('default')
      setWidth(undefined)
    }, resetMs)
  }

  const click = async () => {
    if (state !== 'default') return
    setWidth(ref.current?.offsetWidth || undefined)
    setState('loading')
    try {
      await onAction()
      settle('success')
    } catch (error) {
      settle('failure')
      onError?.(error)
    }
  }

  const icon = state === 'success' ? <CheckOutlined /> : state === 'failure' ? <CloseOutlined /> : undefined
  return (
    <Button
      {...rest}
      ref={ref}
      data-state={state}
      loading={state === 'loading'}
      danger={state === 'failure' || rest.danger}
      style={{ ...style, ...(width && state !== 'default' ? { width } : {}) }}
      onClick={() => void click()}
      aria-busy={state === 'loading'}
    >
      {icon ?? children}
    </Button>
  )
}
