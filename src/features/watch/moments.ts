// Moments of a chart: `1:23` or `01:23.5` in a comment becomes a link to that time, and the player's address
// carries one as `#t=83.5`, which opens chart info there.
import { formatMoment } from '../../../common/format'

export { formatMoment }

/** A time as people write it: minutes, a colon, two-digit seconds, maybe tenths to thousandths. Not part
 *  of a longer token (a clock like 12:30:00, a link, a word; \x5b is the opening bracket). */
const MOMENT = /(?<![\w:./\x5b(#-])(\d{1,2}):([0-5]\d)(\.\d{1,3})?(?![\w:])/g

export const parseMoment = (text: string): number | undefined => {
  const match = /^(\d{1,2}):([0-5]\d)(\.\d{1,3})?$/.exec(text.trim())
  return match ? Number(match[1]) * 60 + Number(match[2]) + Number(match[3] ?? 0) : undefined
}

/** The address fragment of a moment (and of a replay, when one is watched). */
export const momentHash = (seconds: number, replay?: string): string =>
  `#t=${Math.max(0, Math.round(seconds * 10) / 10)}${replay ? `&replay=${encodeURIComponent(replay)}` : ''}`

/** What an address fragment asks the player for. */
export const readMomentHash = (hash: string): { time?: number; replay?: string } => {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const t = params.get('t')
  const time = t !== null && /^\d+(\.\d+)?$/.test(t) ? Number(t) : undefined
  const replay = params.get('replay') ?? undefined
  return { time, replay: replay && /^[\w-]{1,100}$/.test(replay) ? replay : undefined }
}

/** Comment Markdown with each moment made a link to it (code spans and fenced code are left alone). */
export const linkMoments = (markdown: string): string =>
  markdown
    // Code spans and fences (\x60 is the backtick).
    .split(/(\x60\x60\x60[\s\S]*?\x60\x60\x60|\x60[^\x60\n]*\x60)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(MOMENT, (text: string, minutes: string, seconds: string, fraction?: string) => {
            const time = Number(minutes) * 60 + Number(seconds) + Number(fraction ?? 0)
            return `[${text}](${momentHash(time)})`
          }),
    )
    .join('')
