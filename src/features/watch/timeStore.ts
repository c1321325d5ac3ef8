// The time the controls show, outside React's state: the player writes it as frames are drawn, and only the
// few small parts that show it (the clock, the seek bar, the judgment display) render again, not the player.
import { useSyncExternalStore } from 'react'

export class TimeStore {
  private time = 0
  private readonly listeners = new Set<() => void>()

  set(time: number) {
    if (time === this.time) return
    this.time = time
    for (const listener of this.listeners) listener()
  }

  readonly get = () => this.time

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
}

export const useShownTime = (store: TimeStore): number => useSyncExternalStore(store.subscribe, store.get)
