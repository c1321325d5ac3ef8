// Chart work off the event loop: a small piscina pool of worker threads, each task under a
// wall-clock timeout and each thread under V8 heap limits. A task that runs out of time or memory ends
// its thread (piscina starts another) and is answered as a refusal with its reason; a full queue is
// "server busy". The request thread only waits.
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import {
  type Converted,
  type LevelDataRead,
  type LevelsCompared,
  type Refusal,
  type ReplayRead,
} from './tasks.js'

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

/** Who a task is for: tasks wait in turns by owner, so one owner's many tasks wait behind each other, not
 *  in front of everyone else's. Background work has an owner of its own. */
export type WorkOwner = string

const BACKGROUND: WorkOwner = 'background'

/** A user's tasks: one turn for all of them. */
export const workOwnerOf = (userId: string): WorkOwner => `user:${userId}`
/** Times a task is handed to a fresh thread after landing on one that was ending (see `run`). */
const RETRIES_ON_ENDED_THREAD = 3

export class WorkPool {
  private started: Piscina | undefined
  /** Tasks running or waiting. */
  private inFlight = 0
  /** Tasks handed to piscina (at most one a thread). */
  private running = 0
  /** Waiting tasks by owner, and the owners in turn: each free thread goes to the next owner's first
   *  task, and that owner goes to the back of the turn. */
  private readonly waiting = new Map<WorkOwner, (() => void)[]>()
  private readonly turns: WorkOwner[] = []

  constructor(readonly options: WorkOptions) {}

  /** Why a pool's threads failed outside any task (a thread out of memory while it started): piscina then
   *  starts no more threads and emits the error with no listener, which would end the process. */
  private readonly failures = new WeakMap<Piscina, Error>()

  /** The threads start with the first task: an instance that never reads a chart never starts them. A pool
   *  whose threads failed is replaced, and the tasks it held are refused with the reason. */
  private get pool(): Piscina {
    if (this.started) return this.started
    const pool = new Piscina({
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
    pool.on('error', (error: Error) => {
      this.failures.set(pool, error)
      if (this.started === pool) this.started = undefined
      void pool.destroy().catch(() => undefined)
    })
    this.started = pool
    return pool
  }

  /** Waits for a thread, in the owner's turn. */
  private slot(owner: WorkOwner): Promise<void> | undefined {
    if (this.running < Math.max(1, this.options.threads)) {
      this.running++
      return undefined
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(owner)
      if (queue) queue.push(resolve)
      else {
        this.waiting.set(owner, [resolve])
        this.turns.push(owner)
      }
    })
  }

  /** A thread is free: the next owner in turn gets it. */
  private release(): void {
    const owner = this.turns.shift()
    if (owner === undefined) {
      this.running--
      return
    }
    const queue = this.waiting.get(owner)!
    const next = queue.shift()!
    if (queue.length) this.turns.push(owner)
    else this.waiting.delete(owner)
    next()
  }

  private async run<T extends { ok: true }>(name: string, task: object, owner: WorkOwner): Promise<T> {
    // The queue is bounded here, over every owner.
    if (this.inFlight >= this.options.threads + this.options.maxQueue) throw new WorkBusyError()
    this.inFlight++
    try {
      await this.slot(owner)
      try {
        for (let retry = 0; ; retry++) {
          try {
            return await this.attempt<T>(name, task)
          } catch (error) {
            // A thread that ends itself after a large input (tasks.ts) may have been handed this task in the
            // instant before it ended: the task never ran, so it runs again on a fresh thread. (The bytes are
            // copied to the thread, never moved, so that they can be sent again.)
            if (
              retry < RETRIES_ON_ENDED_THREAD &&
              /worker exited with code: 0/.test((error as Error).message)
            )
              continue
            throw error
          }
        }
      } finally {
        this.release()
      }
    } finally {
      this.inFlight--
    }
  }

  private async attempt<T extends { ok: true }>(name: string, task: object): Promise<T> {
    let answer: T | Refusal
    const pool = this.pool
    try {
      answer = (await pool.run(task, {
        name,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })) as T | Refusal
    } catch (error) {
      // A task of a pool that failed is refused for the pool's reason, not for its end.
      const err = (this.failures.get(pool) ?? error) as Error & { code?: string }
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
  convertSus(bytes: Uint8Array, owner: WorkOwner = BACKGROUND): Promise<Converted> {
    return this.run<Converted>('convertSusTask', { bytes }, owner)
  }

  /** Level data as given: checked by the reader; its note count. */
  readLevelData(bytes: Uint8Array, owner: WorkOwner = BACKGROUND): Promise<LevelDataRead> {
    return this.run<LevelDataRead>('readLevelDataTask', { bytes }, owner)
  }

  /** Two versions' level data: what changed in their notes. */
  compareLevels(
    before: Uint8Array,
    after: Uint8Array,
    owner: WorkOwner = BACKGROUND,
  ): Promise<LevelsCompared> {
    return this.run<LevelsCompared>('compareLevelsTask', { before, after }, owner)
  }

  /** A replay's two gzip JSON files; the data's result. */
  readReplay(
    data: Uint8Array,
    configuration: Uint8Array,
    owner: WorkOwner = BACKGROUND,
  ): Promise<ReplayRead> {
    return this.run<ReplayRead>('readReplayTask', { data, configuration }, owner)
  }

  /** Threads alive and tasks waiting, for /healthz. */
  get stats(): { threads: number; queued: number } {
    return {
      threads: this.started?.threads.length ?? 0,
      queued: this.inFlight - this.running,
    }
  }

  async close(): Promise<void> {
    const pool = this.started
    this.started = undefined
    await pool?.destroy()
  }
}
