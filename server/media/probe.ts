// ffprobe, the second reader of every music file (docs/spec.md §5), run on the finished file.
// (No prober is started ahead of an upload and parked on a FIFO: that would save ffprobe's start-up per
// upload, but would make its tests depend on the scheduler.)
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

export type Probe = {
  streams?: { codec_name?: string }[]
  format?: { format_name?: string; duration?: string }
}

const PROBE_TIMEOUT_MS = 30_000
const MAX_OUTPUT = 1 << 20
const probeArgs = (file: string) => [
  '-v',
  'error',
  '-show_entries',
  'stream=codec_name:format=format_name,duration',
  '-of',
  'json',
  file,
]

const parse = (stdout: string): Probe | undefined => {
  try {
    return JSON.parse(stdout) as Probe
  } catch {
    return undefined
  }
}

/** ffprobe started now, on a finished file. Undefined when it fails or says nothing readable. */
export const probeFile = async (file: string): Promise<Probe | undefined> =>
  run('ffprobe', probeArgs(file), { timeout: PROBE_TIMEOUT_MS, maxBuffer: MAX_OUTPUT })
    .then(({ stdout }) => parse(stdout))
    .catch(() => undefined)
