// The create form's draft in session storage: what is kept, what is refused, and its end.
import { afterEach, describe, expect, it } from 'vitest'
import { clearDraft, draftKey, readDraft, writeDraft } from '../../../src/features/create/draft'

afterEach(() => sessionStorage.clear())

describe('the chart form draft', () => {
  it('keeps the typed fields and never the files or the rules checkbox', () => {
    const key = draftKey('create')
    writeDraft(key, {
      title: 'T',
      description: 'D',
      level: 12,
      isOlivier: true,
      tags: ['a'],
      rulesAccepted: true,
      cover: { file: new File(['x'], 'c.png'), result: undefined } as never,
    })
    expect(readDraft(key)).toEqual({ title: 'T', description: 'D', level: 12, isOlivier: true, tags: ['a'] })
  })

  it('keeps a draft per chart in edit and one for create', () => {
    writeDraft(draftKey('edit', 'a'), { title: 'A' })
    writeDraft(draftKey('edit', 'b'), { title: 'B' })
    expect(readDraft(draftKey('edit', 'a')).title).toBe('A')
    expect(readDraft(draftKey('create'))).toEqual({})
  })

  it('drops fields of the wrong type and survives a broken entry', () => {
    const key = draftKey('create')
    sessionStorage.setItem(
      key,
      JSON.stringify({ title: 3, level: 'x', tags: [1], isPublic: 'yes', composer: 'C' }),
    )
    expect(readDraft(key)).toEqual({ composer: 'C' })
    sessionStorage.setItem(key, '{not json')
    expect(readDraft(key)).toEqual({})
  })

  it('is gone once cleared', () => {
    const key = draftKey('create')
    writeDraft(key, { title: 'T' })
    clearDraft(key)
    expect(readDraft(key)).toEqual({})
  })
})
