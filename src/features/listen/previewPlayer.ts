// Listening before opening: one audio element for the whole site, so one clip plays at a time;
// starting another stops the first, and leaving the page stops it (AppShell). Components follow it through
// usePreviewPlayer; it is not in the store because an audio element is not state that can be serialised.
import { useSyncExternalStore } from 'react'

type State = { playing: string | null }

let audio: HTMLAudioElement | undefined
let state: State = { playing: null }
const listeners = new Set<() => void>()

const set = (next: State) => {
  state = next
  for (const listener of listeners) listener()
}

const element = () => {
  if (!audio) {
    audio = new Audio()
    audio.preload = 'none'
    audio.addEventListener('ended', () => set({ playing: null }))
    audio.addEventListener('pause', () => {
      if (state.playing !== null) set({ playing: null })
    })
  }
  return audio
}

/** Plays `url` as the clip `id`, stopping whatever played; or stops it when it is the one playing. */
export const togglePreview = (id: string, url: string): void => {
  const player = element()
  if (state.playing === id) {
    stopPreview()
    return
  }
  player.pause()
  // One sound at a time: a song playing in a page's own player stops too.
  for (const song of document.querySelectorAll('audio')) song.pause()
  player.src = url
  player.currentTime = 0
  set({ playing: id })
  player.play().catch(() => {
    // Refused (no user gesture, or the file could not be played): nothing is playing.
    if (state.playing === id) set({ playing: null })
  })
}

export const stopPreview = (): void => {
  if (state.playing === null) return
  set({ playing: null })
  audio?.pause()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether clip `id` is playing now. */
export const usePreviewPlaying = (id: string): boolean =>
  useSyncExternalStore(subscribe, () => state.playing === id)
