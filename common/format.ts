// Display formats shared by the SPA and the server (docs/spec.md §9).

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** docs/spec.md §9: sizes in B/KB/MB/GB/TB in 1024 steps, 2 decimals. */
export const formatSize = (bytes: number): string => {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`
}

export type RelativeTime =
  { unit: 'second' | 'minute' | 'hour' | 'day' | 'month'; value: number } | { unit: 'date'; iso: string }

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** docs/spec.md §9 "Relative time": under 60 s in seconds; under 1 h minutes; under 1 day hours; under 30 days
 *  days; under 365 days (30-day) months; otherwise an ISO date. A time in the future counts as 0 s. */
export const relativeTime = (time: number, now: number): RelativeTime => {
  const elapsed = Math.max(0, now - time)
  if (elapsed < MINUTE) return { unit: 'second', value: Math.floor(elapsed / SECOND) }
  if (elapsed < HOUR) return { unit: 'minute', value: Math.floor(elapsed / MINUTE) }
  if (elapsed < DAY) return { unit: 'hour', value: Math.floor(elapsed / HOUR) }
  if (elapsed < 30 * DAY) return { unit: 'day', value: Math.floor(elapsed / DAY) }
  if (elapsed < 365 * DAY) return { unit: 'month', value: Math.floor(elapsed / (30 * DAY)) }
  return { unit: 'date', iso: new Date(time).toISOString().slice(0, 10) }
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'] as const

/** docs/spec.md §2: the level chip says 'Lv. N', or 'Olivier' plus a Roman numeral I to X. */
export const levelLabel = (level: number, isOliver: boolean): string =>
  isOliver ? `Olivier ${ROMAN[Math.min(Math.max(Math.round(level), 1), 10) - 1]}` : `Lv. ${level}`

/** docs/spec.md §2: tags joined by a separator, '-' when there are none. */
export const joinTags = (tags: readonly string[]): string => (tags.length > 0 ? tags.join(' / ') : '-')

/** 'name#handle' → its parts (docs/spec.md §3 "author"); the handle is what identifies the owner. */
export const splitAuthor = (author: string): { name: string; handle: string } => {
  const at = author.lastIndexOf('#')
  return at < 0 ? { name: author, handle: '' } : { name: author.slice(0, at), handle: author.slice(at + 1) }
}

/** A chart's length: m:ss, rounded to the second. */
export const formatLength = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds))
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}

/** Notes per second: one decimal. */
export const formatNps = (nps: number): string => nps.toFixed(1)

/** A tempo: whole BPM as they are, others to one decimal ('150', '187.5'). */
export const formatBpm = (bpm: number): string => (Number.isInteger(bpm) ? String(bpm) : bpm.toFixed(1))

/** `83.5` as `1:23.5`. */
export const formatMoment = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds * 10) / 10)
  const minutes = Math.floor(total / 60)
  const rest = total - minutes * 60
  const whole = Math.floor(rest)
  const tenth = Math.round((rest - whole) * 10)
  return `${minutes}:${String(whole).padStart(2, '0')}${tenth ? `.${tenth}` : ''}`
}
