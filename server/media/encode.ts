// Music re-encoding with ffmpeg (as comparable chart sites do: CBR avoids seek and sync drift; a short preview
// clip for the app's level list). Child processes: the event loop never waits on them.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

export const BGM_BITRATE = '192k'
export const PREVIEW_SECONDS = 15
export const PREVIEW_FADE_IN = 0.5
export const PREVIEW_FADE_OUT = 2

const ffmpeg = (args: string[]) =>
  run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args], { timeout: 120_000, maxBuffer: 1 << 20 })

/** The input's first audio stream to a CBR mp3 at 44.1 kHz, without tags or pictures; `filters` go
 *  between (a cut, fades). */
const toMp3 = (input: string, output: string, bitrate: string, channels: number, filters: string[] = []) =>
  ffmpeg([
    ...['-i', input, '-map', '0:a:0', '-vn', '-map_metadata', '-1'],
    ...filters,
    ...['-c:a', 'libmp3lame', '-b:a', bitrate, '-ar', '44100', '-ac', String(channels), '-f', 'mp3', output],
  ])

/** CBR 192 kb/s stereo. */
export const encodeBgm = async (input: string, output: string): Promise<void> => {
  await toMp3(input, output, BGM_BITRATE, 2)
}

/** The first 15 s (or the whole song when shorter), faded in and out, 96 kb/s mono. */
export const encodePreview = async (input: string, output: string, duration: number): Promise<void> => {
  const length = Math.min(PREVIEW_SECONDS, duration)
  const fadeOut = Math.min(PREVIEW_FADE_OUT, length / 2)
  const fadeIn = Math.min(PREVIEW_FADE_IN, length / 4)
  await toMp3(input, output, '96k', 1, [
    ...['-t', String(length)],
    ...['-af', `afade=t=in:st=0:d=${fadeIn},afade=t=out:st=${length - fadeOut}:d=${fadeOut}`],
  ])
}
