// ffprobe, the second reader of every music file (spec §5), started before it is needed.
// ffprobe spends about 60 ms loading its ~230 shared libraries before it reads a byte, which is a third of
// a 20 MB upload's time on loopback. So when a music upload begins, a prober is started for it: it loads,
// enters main() and parks on opening its report file (FFREPORT), which is a FIFO that nobody has opened
// yet. When the upload completes, the finished file is linked at the input path the prober was given,
// and the FIFO is opened: ffprobe goes on at once and answers in about 10 ms. The file it reads is the
// very file that is checked and stored, by path, so it sees what a cold ffprobe would.
// A prober nobody uses is stopped after PARKED_MS. Without one (another instance took the upload, or the
// prober died), the check runs a cold ffprobe as before.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'

const run = promisify(execFile)

export type Probe = {
  streams?: { codec_name?: string }[]
  format?: { format_name?: string; duration?: string }
}

const PROBE_TIMEOUT_MS = 30_000
const MAX_OUTPUT = 1 << 20
/** A parked prober is stopped when no upload used it within this time. */
export const PARKED_MS = 5 * 60_000

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

const PROBER_FIFO = /^probe-[0-9a-f]{16}\.fifo$/

/** The probers of a process that was killed stay parked on their FIFOs (until their timeout): opening each
 *  FIFO lets its ffprobe go on, find no input and exit. Another live instance sharing the folder loses its
 *  parked prober to this at worst, and probes cold once. */
const releaseOrphans = (dir: string): void => {
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    return
  }
  for (const name of names.filter((entry) => PROBER_FIFO.test(entry))) {
    const fifo = path.join(dir, name)
    try {
      fs.closeSync(fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK))
      fs.rmSync(fifo, { force: true })
    } catch {
      // Gone already, or not a FIFO of ours.
    }
  }
}

/** Whether a non-blocking FIFO descriptor has anything to read. */
const holdsBytes = (fd: number): boolean => {
  try {
    return fs.readSync(fd, Buffer.alloc(64), 0, 64, null) > 0
  } catch {
    return false
  }
}

const alive = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null

type Parked = {
  child: ChildProcess
  fifo: string
  input: string
  stdout: string
  exited: Promise<number | null>
  timer: NodeJS.Timeout
}

/** One parked ffprobe per process, at most: uploads finish one after another far more often than at once,
 *  and a second upload that finds none simply probes cold. */
export class Prober {
  private parked: Parked | undefined
  private starting: Promise<void> | undefined
  private closed = false
  /** How the checks were answered: by a parked prober, or by a cold ffprobe. */
  readonly counts = { parked: 0, cold: 0 }

  constructor(
    private readonly dir: string,
    private readonly parkedMs = PARKED_MS,
  ) {
    releaseOrphans(dir)
  }

  /** Makes sure a prober is parked (a music upload has begun). Never fails: the cold path remains. */
  warm(): void {
    if (this.closed || this.starting || (this.parked && alive(this.parked.child))) return
    this.starting = this.park()
      .catch(() => undefined)
      .finally(() => (this.starting = undefined))
  }

  private async park(): Promise<void> {
    const name = `probe-${randomBytes(8).toString('hex')}`
    const fifo = path.join(this.dir, `${name}.fifo`)
    // No extension: ffprobe takes a known one as a hint of the format, and the cold path's files have none
    // it knows (an upload's copy is a .part), so both see the same bytes the same way.
    const input = path.join(this.dir, `${name}.input`)
    // FFREPORT's file= value is split at ':' and expands '%'; such a folder gets the cold path.
    if (/[:%\\]/.test(fifo)) return
    await fsp.mkdir(this.dir, { recursive: true })
    await run('mkfifo', ['-m', '600', fifo])
    // Under coreutils' timeout, so that a prober orphaned by a killed server still ends (SIGTERM to
    // timeout is passed on to ffprobe; its own deadline is a SIGKILL).
    const deadline = Math.ceil((this.parkedMs + PROBE_TIMEOUT_MS) / 1000)
    const child = spawn('timeout', ['-s', 'KILL', String(deadline), 'ffprobe', ...probeArgs(input)], {
      env: { ...process.env, FFREPORT: `file=${fifo}:level=0` },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const parked: Parked = {
      child,
      fifo,
      input,
      stdout: '',
      // 'close', not 'exit': by then stdout has been read to its end.
      exited: new Promise((resolve) => {
        child.on('close', (code) => resolve(code))
        child.on('error', () => resolve(null))
      }),
      timer: setTimeout(() => void this.stop(parked), this.parkedMs).unref(),
    }
    // Without a pipe the spawn failed (too many open files, say); the 'error' event ends the prober.
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', (data: string) => {
      if (parked.stdout.length < MAX_OUTPUT) parked.stdout += data
    })
    // A prober that dies while parked is forgotten (and its FIFO removed).
    void parked.exited.then(() => {
      if (this.parked === parked) {
        this.parked = undefined
        void this.stop(parked)
      }
    })
    if (this.closed) return void this.stop(parked)
    const previous = this.parked
    this.parked = parked
    if (previous) void this.stop(previous)
  }

  /** Once a warm() has parked its prober (or failed to): the parked process's id, if one is parked. */
  async ready(): Promise<number | undefined> {
    await this.starting
    return this.parked && alive(this.parked.child) ? this.parked.child.pid : undefined
  }

  /** ffprobe's view of a finished file: the parked prober's when there is one, else a cold one's. */
  async probe(file: string): Promise<Probe | undefined> {
    // One being started is a few milliseconds from parked; a cold start is sixty.
    await this.starting
    const parked = this.parked
    this.parked = undefined
    if (!parked || !alive(parked.child)) return this.cold(file)
    clearTimeout(parked.timer)
    let fd: number | undefined
    try {
      await fsp.link(file, parked.input)
      // Non-blocking, so this never waits for a writer; ffprobe's own open of the FIFO then succeeds.
      fd = fs.openSync(parked.fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)
    } catch {
      await this.stop(parked)
      return this.cold(file)
    }
    let timedOut = false
    const timeout = setTimeout(() => {
      timedOut = true
      parked.child.kill('SIGTERM')
    }, PROBE_TIMEOUT_MS)
    let code: number | null
    let reached: boolean
    try {
      code = await parked.exited
      // ffprobe writes its report's first lines once it has opened the FIFO, so after the input was in
      // place: bytes in the FIFO mean that this run read the file.
      reached = holdsBytes(fd)
    } finally {
      clearTimeout(timeout)
      fs.closeSync(fd)
      await this.stop(parked)
    }
    if (reached || timedOut) {
      this.counts.parked++
      return code === 0 ? parse(parked.stdout) : undefined
    }
    // The prober died before it reached the file (just before its use): a cold ffprobe decides.
    return this.cold(file)
  }

  private cold(file: string): Promise<Probe | undefined> {
    this.counts.cold++
    return probeFile(file)
  }

  private async stop(parked: Parked): Promise<void> {
    clearTimeout(parked.timer)
    if (alive(parked.child)) {
      parked.child.kill('SIGTERM')
      await parked.exited
    }
    await fsp.rm(parked.fifo, { force: true })
    await fsp.rm(parked.input, { force: true })
  }

  async close(): Promise<void> {
    this.closed = true
    await this.starting
    if (this.parked) await this.stop(this.parked)
    this.parked = undefined
  }
}
