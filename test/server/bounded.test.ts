// withinMs (server/bounded.ts): a wait with a bound, as the first paint and start-up use it.
import { describe, expect, it } from 'vitest'
import { withinMs } from '../../server/bounded'

describe('withinMs', () => {
  it('gives what the work settles to when it settles first', async () => {
    expect(await withinMs(Promise.resolve('done'), 60_000, () => 'late')).toBe('done')
  })

  it('gives what late() gives when the work never settles', async () => {
    expect(await withinMs(new Promise<string>(() => undefined), 1, () => null)).toBeNull()
  })

  it('rejects with what late() throws', async () => {
    const never = new Promise<void>(() => undefined)
    await expect(
      withinMs(never, 1, () => {
        throw new Error('too slow')
      }),
    ).rejects.toThrow('too slow')
  })

  it('passes the work’s own rejection on', async () => {
    await expect(withinMs(Promise.reject(new Error('broken')), 60_000, () => 'late')).rejects.toThrow(
      'broken',
    )
  })
})
