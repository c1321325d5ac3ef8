// What the app shows of ours speaks its language: every form, option, select value and section
// title is a @sonolus/core text key, which the app translates, except the few titles core has no key for,
// which we translate ourselves (server/sonolus/texts.ts) and the proper name Olivier; every icon is one of
// core's. Walks every app-facing answer as a visitor, a player, the owner and a moderator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Icon, Text } from '@sonolus/core'
import { DIALECTS, openTestApp } from '../helpers/context'
import { newChart } from '../helpers/charts'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'
import { OWN_TITLES } from '../../../server/sonolus/texts'

const TEXT_KEYS = new Set<string>(Object.values(Text))
const ICONS = new Set<string>(Object.values(Icon))
/** Our own titles, in every language we write (server/sonolus/texts.ts), and the proper name Olivier. */
const OWN = new Set([...OWN_TITLES, 'Olivier'])

type Found = { path: string; text: string }

/** Titles of forms, options, select values and sections, and every icon, anywhere in a JSON answer. */
const walk = (value: unknown, path: string, titles: Found[], icons: Found[]) => {
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, `${path}[${i}]`, titles, icons))
    return
  }
  if (!value || typeof value !== 'object') return
  const node = value as Record<string, unknown>
  if (typeof node.icon === 'string') icons.push({ path: `${path}.icon`, text: node.icon })
  const isForm = Array.isArray(node.options) && typeof node.requireConfirmation === 'boolean'
  const isSection = typeof node.itemType === 'string' && Array.isArray(node.items)
  const isOption = typeof node.query === 'string' && typeof node.name === 'string' && 'required' in node
  if ((isForm || isSection) && typeof node.title === 'string')
    titles.push({ path: `${path}.title`, text: node.title })
  if (isOption) {
    titles.push({ path: `${path}.name`, text: node.name as string })
    if (typeof node.placeholder === 'string')
      titles.push({ path: `${path}.placeholder`, text: node.placeholder })
    for (const [i, choice] of ((node.values as { title?: string }[] | undefined) ?? []).entries())
      if (typeof choice.title === 'string')
        titles.push({ path: `${path}.values[${i}].title`, text: choice.title })
  }
  // Items' own fields (titles of charts, tags' words) are data, not ours to translate; their forms and
  // icons are still walked.
  for (const [key, child] of Object.entries(node))
    if (key !== 'rawItems' && key !== 'rawItem') walk(child, `${path}.${key}`, titles, icons)
}

describe.each(DIALECTS)('the app’s texts and icons on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const owned = newChart(0x81, { authorId: 'owner', author: 'Owner#5001', description: 'A **bold** one' })
  const olivier = newChart(0x82, { authorId: 'owner', author: 'Owner#5001', isOliver: 1, level: 3 })

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL, ADMIN_HANDLES: '5003' },
    })
    for (const [id, handle] of [
      ['owner', '5001'],
      ['player', '5002'],
      ['admin', '5003'],
    ])
      sessions[id] = await appSession(test.app, { id, handle, name: id })
    await test.ctx.repos.charts.insert(owned)
    await test.ctx.repos.charts.insert(olivier)
    const comment = await test.app.inject({
      method: 'POST',
      url: `/sonolus/levels/wbs-${owned.id}/community/submit`,
      headers: { 'sonolus-session': sessions.player },
      payload: { values: 'type=comment&comment=Nice' },
    })
    expect(comment.statusCode).toBe(200)
    const like = await test.app.inject({
      method: 'POST',
      url: `/sonolus/levels/wbs-${owned.id}/community/submit`,
      headers: { 'sonolus-session': sessions.player },
      payload: { values: 'type=like' },
    })
    expect(like.statusCode).toBe(200)
  })
  afterAll(async () => test.cleanup())

  const urls = [
    '/sonolus/info',
    '/sonolus/levels/info',
    '/sonolus/levels/list',
    `/sonolus/levels/wbs-${owned.id}`,
    `/sonolus/levels/wbs-${owned.id}/community/info`,
    `/sonolus/levels/wbs-${owned.id}/community/comments/list`,
    '/sonolus/levels/result/info',
    '/sonolus/posts/info',
    ...['engines', 'skins', 'backgrounds', 'effects', 'particles'].flatMap((type) => [
      `/sonolus/${type}/info`,
      `/sonolus/${type}/list`,
    ]),
  ]

  it.each(['visitor', 'player', 'owner', 'admin'])(
    'as a %s: titles are core keys or ours, icons core’s',
    async (who) => {
      const titles: Found[] = []
      const icons: Found[] = []
      for (const localization of ['en', 'ja', 'zhs']) {
        for (const url of urls) {
          const response = await test.app.inject({
            method: 'GET',
            url: `${url}?localization=${localization}`,
            headers: who === 'visitor' ? {} : { 'sonolus-session': sessions[who] },
          })
          expect(response.statusCode, url).toBe(200)
          walk(response.json(), url, titles, icons)
        }
      }
      expect(titles.length).toBeGreaterThan(20)
      expect(titles.filter(({ text }) => !(TEXT_KEYS.has(text) || OWN.has(text)))).toEqual([])
      expect(icons.filter(({ text }) => !ICONS.has(text))).toEqual([])
    },
  )
})
