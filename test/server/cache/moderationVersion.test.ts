// The moderation version (every instance at once): a check made after another instance's action
// never answers from a read that began before it, and concurrent checks share reads.
import { describe, expect, it } from 'vitest'
import { type MetaRepository } from '../../../server/db/repositories/meta'
import { ModerationVersion } from '../../../server/cache/moderationVersion'

/** A meta table whose reads the test completes by hand, in order. */
const manualMeta = () => {
  let value = 'v1'
  const pending: (() => void)[] = []
  const meta = {
    get: () => {
      // A read sees the value as it was when the read began; the test decides when it answers.
      const seen = value
      return new Promise<string>((resolve) => pending.push(() => resolve(seen)))
    },
    set: async (_key: string, next: string) => {
      value = next
    },
  } as unknown as MetaRepository
  return {
    meta,
    setValue: (next: string) => (value = next),
    reads: () => pending.length,
    finishRead: async () => {
      pending.shift()!()
      await new Promise((resolve) => setImmediate(resolve))
    },
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('the moderation version', () => {
  it('makes a check that arrives during a read wait for a read of its own, and shares that read', async () => {
    const db = manualMeta()
    const version = new ModerationVersion(db.meta)
    let drops = 0
    version.onChange(() => drops++)
    const first = version.check()
    await db.finishRead() // learns v1
    await first
    expect(drops).toBe(0)

    const before = version.check()
    const generation = version.generation
    expect(db.reads()).toBe(1)
    await db.finishRead() // v1 still: nothing moved
    await before
    // Another instance acts while a read is under way; two checks arrive after that.
    const during = version.check()
    db.setValue('v2')
    const late1 = version.check()
    const late2 = version.check()
    expect(db.reads()).toBe(1)
    let lateDone = false
    void Promise.all([late1, late2]).then(() => (lateDone = true))
    // The read under way began before the action (it saw v1): it cannot answer the late checks.
    await db.finishRead()
    await during
    expect(drops).toBe(0)
    expect(lateDone).toBe(false)
    expect(db.reads()).toBe(1) // one shared read for both late checks
    await db.finishRead()
    await Promise.all([late1, late2])
    expect(drops).toBe(1)
    expect(version.isCurrent(generation)).toBe(false)
  })

  it('drops at once after its own bump, and reads synchronously when it can', async () => {
    let value = 'a'
    let reads = 0
    const meta = {
      set: async (_key: string, next: string) => void (value = next),
    } as unknown as MetaRepository
    const read = () => (reads++, value)
    const version = new ModerationVersion(meta, read)
    let drops = 0
    version.onChange(() => drops++)
    await version.check()
    const generation = version.generation
    await version.bump()
    expect(drops).toBe(1)
    expect(version.isCurrent(generation)).toBe(false)
    await version.check() // its own bump: already known
    expect(drops).toBe(1)
    // Another process's action: seen by the first check of the next turn of the event loop (the requests
    // answered in one turn share its first read), and by no later one.
    await nextTurn()
    value = 'from another process'
    await version.check()
    expect(drops).toBe(2)
    const before = reads
    await version.check()
    await version.check()
    expect(reads).toBe(before)

    // Another instance in this process: its bump is seen in the same turn.
    const other = new ModerationVersion(meta, read)
    await other.bump()
    await version.check()
    expect(drops).toBe(3)
  })
})
