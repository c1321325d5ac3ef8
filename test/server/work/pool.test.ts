// The chart worker pool (server/work/): answers and refusals cross the thread boundary intact; a task
// that runs too long or needs too much memory is refused with its reason and its thread replaced; a full
// queue is "busy"; a thread that read a large input is replaced, and tasks sent meanwhile still run.
import { afterEach, describe, expect, it } from 'vitest'
import { WorkBusyError, WorkLimitError, WorkPool, WorkRefusal } from '../../../server/work/pool'
import { tapSus } from '../../fixtures/hostile'
import { sus } from '../../fixtures/media/media'

const pools: WorkPool[] = []
const open = (options: Partial<ConstructorParameters<typeof WorkPool>[0]> = {}) => {
  const pool = new WorkPool({ threads: 1, timeoutMs: 15_000, memoryMb: 256, maxQueue: 8, ...options })
  pools.push(pool)
  return pool
}
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close()
})

/** A chart under every limit that takes a while to convert: 29,000 taps. */
const slowChart = () => tapSus(29_000, 1, 'slow')

describe('the chart worker pool', () => {
  it('converts a chart and refuses a broken one with the chart error as its message', async () => {
    const pool = open()
    const converted = await pool.convertSus(sus(50))
    expect(converted.noteCount).toBe(48)
    expect(converted.gzipped[0]).toBe(0x1f)
    // With what the chart is like, from the same level data, computed in the thread.
    expect(converted.stats).toMatchObject({ noteCount: 48, bpmMin: 150, bpmMax: 180, hasSplitLines: true })
    expect((await pool.readLevelData(Buffer.from(converted.gzipped))).stats).toEqual({
      ...converted.stats,
      bpmMin: null,
      bpmMax: null,
    })
    const refused = await pool.convertSus(Buffer.from('#00002: 4\n#BPM01: fast\n')).catch((error) => error)
    expect(refused).toBeInstanceOf(WorkRefusal)
    expect(refused.message).toBe(
      'The chart has an error on line 2: BPM 01 must be a positive number, got "fast"',
    )
  })

  it('refuses a task past its time with the reason, and the next task runs on a new thread', async () => {
    const pool = open({ timeoutMs: 100 })
    const refused = await pool.convertSus(slowChart()).catch((error) => error)
    expect(refused).toBeInstanceOf(WorkLimitError)
    expect(refused.reason).toBe('timeout')
    expect(refused.message).toMatch(/took longer than/)
    // The thread was ended; the next task gets a new one (given the time to start it).
    ;(pool.options as { timeoutMs: number }).timeoutMs = 30_000
    expect((await pool.convertSus(sus(50))).noteCount).toBe(48)
  })

  it('refuses a task that needs more memory than its thread may have', async () => {
    // Enough heap for a thread to start (Node 24 with tsx needs more than 8 MB), not for this chart.
    const pool = open({ memoryMb: 24 })
    // 29,000 notes, parsed and converted: far more than a 24 MB heap.
    const refused = await pool.convertSus(slowChart()).catch((error) => error)
    expect(refused).toBeInstanceOf(WorkLimitError)
    expect(refused.reason).toBe('memory')
    expect((await pool.convertSus(sus(50))).noteCount).toBe(48)
  })

  it('survives a thread failing outside any task: no crash, and the next task runs on a fresh pool', async () => {
    // Piscina reports such a failure (a thread out of memory while it starts) as an 'error' event and starts
    // no more threads; with no listener the event would end the process.
    const pool = open()
    expect((await pool.convertSus(sus(50))).noteCount).toBe(48)
    const threads = (pool as unknown as { pool: { emit: (event: string, error: Error) => void } }).pool
    threads.emit('error', Object.assign(new Error('Worker terminated'), { code: 'ERR_WORKER_OUT_OF_MEMORY' }))
    expect((pool as unknown as { pool: unknown }).pool).not.toBe(threads)
    expect((await pool.convertSus(sus(50))).noteCount).toBe(48)
  })

  it('answers busy when every thread is working and the queue is full', async () => {
    const pool = open({ threads: 1, maxQueue: 1 })
    await pool.convertSus(sus(50))
    const inputs = Array.from({ length: 4 }, () => slowChart())
    const tasks = inputs.map((input) => pool.convertSus(input))
    const outcomes = await Promise.allSettled(tasks)
    // One runs, one waits, the others are turned away.
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ])
    const busy = outcomes.filter((outcome) => outcome.status === 'rejected')
    for (const outcome of busy)
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WorkBusyError)
  })

  it('replaces a thread after a large input; tasks sent meanwhile still run', async () => {
    const pool = open({ threads: 1 })
    const large = tapSus(400_000, 1, 'large') // 4.4 MB: the thread ends after answering
    const outcomes = await Promise.allSettled([
      pool.convertSus(large),
      pool.convertSus(sus(50)),
      pool.convertSus(sus(50)),
    ])
    expect(outcomes[0].status).toBe('rejected')
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(WorkRefusal)
    expect(outcomes.slice(1).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled'])
    expect((await pool.convertSus(sus(50))).noteCount).toBe(48)
  })

  it("takes owners in turn: one owner's many tasks wait behind each other, not in front of another's", async () => {
    const pool = open({ threads: 1, maxQueue: 16 })
    const done: string[] = []
    const task = (owner: string, name: string) =>
      pool.convertSus(sus(50), owner).then(() => {
        done.push(name)
      })
    // Four of one owner are sent first, then one of another: the other's is taken second in the turn.
    await Promise.all([
      task('user:a', 'a1'),
      task('user:a', 'a2'),
      task('user:a', 'a3'),
      task('user:a', 'a4'),
      task('user:b', 'b1'),
    ])
    expect(done).toEqual(['a1', 'a2', 'b1', 'a3', 'a4'])
    expect(pool.stats.queued).toBe(0)
  })
})
