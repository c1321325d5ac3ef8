// The moment and replay the address asks for (#t=83.5&replay=…), followed as it changes: a comment's time
// link or a record's Watch changes the fragment, and the player seeks.
import { useCallback, useEffect, useRef, useState } from 'react'
import { momentHash, readMomentHash } from './moments'

export type Moment = { time?: number; replay?: string; nonce: number }

let nonce = 0
const read = (): Moment => ({ ...readMomentHash(window.location.hash), nonce: ++nonce })

/** `page` names what the moment belongs to (a chart): another page reads its own address afresh, so a
 *  replay of one chart is never asked of the next. */
export const useMoment = (page: string) => {
  const [moment, setMoment] = useState<Moment>(read)
  const shownFor = useRef(page)
  useEffect(() => {
    if (shownFor.current === page) return
    shownFor.current = page
    setMoment(read())
  }, [page])
  useEffect(() => {
    const changed = () => setMoment(read())
    window.addEventListener('hashchange', changed)
    return () => window.removeEventListener('hashchange', changed)
  }, [])
  /** Goes to a moment (and replay), as a link to it would. */
  const go = useCallback((time: number, replay?: string) => {
    const hash = momentHash(time, replay)
    if (window.location.hash === hash) setMoment(read())
    else window.location.hash = hash
  }, [])
  /** Leaves the replay: the address keeps no fragment. */
  const clear = useCallback(() => {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
    setMoment({ nonce: ++nonce })
  }, [])
  return { moment, go, clear }
}
