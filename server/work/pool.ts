// Chart work off the event loop (issue 13): a small piscina pool of worker threads, each task under a
// wall-clock timeout and each thread under V8 heap limits. A task that runs out of time or memory ends
// its thread (piscina starts another) and is answered as a refusal with its reason; a full queue is
// "server busy". The request thread only waits.
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import { type Converted, type LevelDataRead, type Refusal, type ReplayRead } from './tasks.js'

export type WorkOptions = {
  /** Worker threads at most (WORK_THREADS). */
  threads: number
  /** Wall-clock time a task may take (WORK_TIMEOUT_MS). */
  timeoutMs: number
  /** V8 old-generation heap per thread, in MB (WORK_MEMORY_MB). */
  memoryMb: number
  /** Tasks waiting for a thread, at most (WORK_QUEUE). */
  maxQueue: number
}

/** The task was refused for what it cost: too long or too much memory. The message is for people. */
export class WorkLimitError extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory',
    message: string,
  ) {
    super(message)
    this.name = 'WorkLimitError'
  }
}

/** Every thread is busy and the queue is full: try again shortly. */
export class WorkBusyError extends Error {
  constructor() {
    super('The server is busy reading other charts; try again in a few seconds')
    this.name = 'WorkBusyError'
  }
}

/** A refusal of the input itself (a chart error, a limit, a bomb): the message says what was wrong. */
export class WorkRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WorkRefusal'
  }
}

const here = fileURLToPath(new URL('.', import.meta.url))
const compiled = import.meta.url.endsWith('.js')

export class WorkPool {
  private started: Piscina | undefined
  /** Tasks running or waiting. */
  private inFlight = 0

  constructor(readonly options: WorkOptions) {}

  /** The threads start with the first task: an instance that never reads a chart never starts them. */
  private get pool(): Piscina {
    this.started ??= new Piscina({
      // From TypeScript sources each thread registers tsx first (worker-tsx.mjs); compiled, the tasks load
      // as they are.
      filename: compiled ? `${here}tasks.js` : `${here}worker-tsx.mjs`,
      // Idle threads wait on their message port, not in Atomics.wait, so a thread's own timers run
      // between tasks (tasks.ts ends a thread after a large input that way).
      atomics: 'disabled',
      minThreads: 1,
      maxThreads: Math.max(1, this.options.threads),
      idleTimeout: 30_000,
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(this.options.memoryMb / 8))),
        stackSizeMb: 4,
      },
    })
    return this.started
  }

  private async run<T extends { ok: true }>(name: string, task: object): Promise<T> {
    // The queue is bounded here: piscina does not count tasks that carry an abort signal (all of ours).
    if (this.inFlight >= this.options.threads + this.options.maxQueue) throw new WorkBusyError()
    this.inFlight++
    try {
      return await this.attempt<T>(name, task)
    } catch (error) {
      // A thread that ends itself after a large input (tasks.ts) may have been handed this task in the
      // instant before it ended: the task never ran, so it runs again on a fresh thread. (The bytes are
      // copied to the thread, never moved, so that they can be sent again.)
      if (/worker exited with code: 0/.test((error as Error).message))
        return await this.attempt<T>(name, task)
      throw error
    } finally {
      this.inFlight--
    }
  }

  private async attempt<T extends { ok: true }>(name: string, task: object): Promise<T> {
    let answer: T | Refusal
    try {
      answer = (await this.pool.run(task, {
        name,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })) as T | Refusal
    } catch (error) {
      const err = error as Error & { code?: string }
      if (err.name === 'AbortError' || err.name === 'TimeoutError')
        throw new WorkLimitError(
          'timeout',
          `it took longer than ${(this.options.timeoutMs / 1000).toFixed(0)} s to read, the limit for one file`,
        )
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(err.message))
        throw new WorkLimitError(
          'memory',
          `it needs more than ${this.options.memoryMb} MB to read, the limit for one file`,
        )
      throw error
    }
    if (!answer.ok) throw new WorkRefusal(answer.message)
    return answer
  }

  /** SUS → the server's level data (gzip), with its note count. */
  convertSus(bytes: Uint8Array): Promise<Converted> {
    return this.run<Converted>('convertSusTask', { bytes })
  }

  /** Level data as given: checked by the reader; its note count. */
  readLevelData(bytes: Uint8Array): Promise<LevelDataRead> {
    return this.run<LevelDataRead>('readLevelDataTask', { bytes })
  }

  /** A replay's two gzip JSON files; the data's result. */
  readReplay(data: Uint8Array, configuration: Uint8Array): Promise<ReplayRead> {
    return this.run<ReplayRead>('readReplayTask', { data, configuration })
  }

  /** Threads alive and tasks waiting, for /healthz. */
  get stats(): { threads: number; queued: number } {
    return {
      threads: this.started?.threads.length ?? 0,
      queued: Math.max(0, this.inFlight - (this.started?.threads.length ?? 0)),
    }
  }

  async close(): Promise<void> {
    const pool = this.started
    this.started = undefined
    await pool?.destroy()
  }
}
