// Seeds the E2E server's data folder before it starts: the demo content, 40 filler charts by another
// creator (so the list has 3 pages), and an "XSS probe" chart whose description carries OWASP-style
// payloads. Also writes a master-data folder whose split-line fragment carries payloads too.
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../../server/config.js'
import { openContext } from '../../server/context.js'
import { seedDemo } from '../../server/demo/seed.js'
import { putBuffer } from '../../server/storage/putFile.js'
import { chartStats, convertSus, readLevelData } from '../../common/chart/index.js'
import { statsColumns } from '../../server/db/repositories/index.js'
import { XSS_PAYLOADS } from './payloads.js'

/** The people of the moderation journey; the moderator's handle is the E2E server's ADMIN_HANDLES. */
export const MODERATION_PEOPLE = {
  owner: { id: 'e2e-mod-owner', handle: '999301', name: 'Chart Owner' },
  reporter: { id: 'e2e-reporter', handle: '999302', name: 'Careful Reporter' },
  commenter: { id: 'e2e-commenter', handle: '999303', name: 'Spammy Commenter' },
  moderator: { id: 'e2e-moderator', handle: '999900', name: 'Site Moderator' },
}
export const MODERATION_CHART_ID = 'c'.repeat(32)

/** The phone-layout creator: long names and titles, a scheduled chart and a long comment. */
export const PHONE_PERSON = {
  id: 'e2e-phone',
  handle: '999401',
  name: 'Phone Creator With A Rather Long Display Name',
}
export const PHONE_CHART_TITLE =
  'An Extremely Long Chart Title That Goes On And On Across The Whole Card Without Any Break At All'
export const PHONE_SCHEDULED_TITLE = 'Scheduled Chart For Later'

export const seedE2e = async (dataDir: string, masterDataDir: string): Promise<void> => {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0' })
  const ctx = await openContext(config)
  try {
    await seedDemo(ctx)
    // "Starlight Overture" gets a playable chart (our 50-note fixture: 48 judged notes), so a result can
    // be checked against its note count.
    const starlight = (
      await ctx.repos.chartList.list({ scope: 'all', sort: 'newest', offset: 0, limit: 10 })
    ).rows.find((chart) => chart.title === 'Starlight Overture')!
    const sus = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/sus/chart-50.sus'))
    const susHash = await putBuffer(ctx.blobStore, ctx.repos, sus, 'text/plain; charset=utf-8')
    const conversion = convertSus(sus.toString('utf8'))
    const dataHash = await putBuffer(
      ctx.blobStore,
      ctx.repos,
      Buffer.from(conversion.gzipped),
      'application/gzip',
    )
    // With the stats of its new level data, as the server stores them.
    await ctx.repos.charts.update(starlight.id, {
      susHash,
      dataHash,
      ...statsColumns(chartStats(readLevelData(conversion.gzipped), conversion.bpms)),
    })
    const [demo] = (await ctx.repos.chartList.list({ scope: 'all', sort: 'newest', offset: 0, limit: 1 }))
      .rows
    const now = Date.now()
    await ctx.repos.users.upsert(
      { id: 'e2e-filler', handle: '888001', name: 'Filler Creator', profile: '{}' },
      now,
    )
    await ctx.repos.transaction(async (trx) => {
      for (let n = 0; n < 40; n++) {
        await trx.charts.insert({
          ...demo,
          id: n.toString(16).padStart(32, 'f'),
          authorId: 'e2e-filler',
          author: 'Filler Creator#888001',
          title: `Filler Chart ${String(n).padStart(2, '0')}`,
          description: '',
          tags: '[]',
          likeNumber: 0,
          commentNumber: 0,
          rating: 0,
          ratingNumber: 0,
          // Older than the demo charts: the demo charts stay on page 1.
          publishTime: now - 3_600_000 - n * 60_000,
          updatedTime: now - 3_600_000 - n * 60_000,
        })
      }
      // Moderation (moderation.spec.ts): a chart by its own owner with a comment by its own commenter, older
      // than every other chart (last page), so the lists other tests read do not change.
      for (const person of Object.values(MODERATION_PEOPLE))
        await trx.users.upsert({ ...person, profile: '{}' }, now)
      await trx.charts.insert({
        ...demo,
        id: MODERATION_CHART_ID,
        authorId: MODERATION_PEOPLE.owner.id,
        author: `${MODERATION_PEOPLE.owner.name}#${MODERATION_PEOPLE.owner.handle}`,
        title: 'Moderation Target',
        description: 'A chart that a moderator will hide.',
        tags: '[]',
        likeNumber: 0,
        commentNumber: 0,
        rating: 0,
        ratingNumber: 0,
        publishTime: now - 86_400_000,
        updatedTime: now - 86_400_000,
      })
      await trx.community.addComment({
        id: 'd'.repeat(32),
        chartId: MODERATION_CHART_ID,
        userId: MODERATION_PEOPLE.commenter.id,
        author: `${MODERATION_PEOPLE.commenter.name}#${MODERATION_PEOPLE.commenter.handle}`,
        parentId: null,
        content: 'Cheap followers at spam.example',
        createdTime: now - 3_600_000,
      })
      // Narrow screens (phone.spec.ts): the oldest charts, on the list's last page.
      await trx.users.upsert({ ...PHONE_PERSON, profile: '{}' }, now)
      const phoneAuthor = `${PHONE_PERSON.name}#${PHONE_PERSON.handle}`
      await trx.charts.insert({
        ...demo,
        id: 'a1'.repeat(16),
        authorId: PHONE_PERSON.id,
        author: phoneAuthor,
        title: PHONE_CHART_TITLE,
        artists: 'A Band Whose Name Is Also Far Too Long For Any Card On A Phone',
        tags: '["a-rather-long-tag","another-long-tag","third"]',
        likeNumber: 12345,
        rating: 4.5,
        ratingNumber: 3,
        publishTime: now - 2 * 86_400_000,
        updatedTime: now - 2 * 86_400_000,
      })
      await trx.charts.insert({
        ...demo,
        id: 'a2'.repeat(16),
        authorId: PHONE_PERSON.id,
        author: phoneAuthor,
        title: PHONE_SCHEDULED_TITLE,
        isPublic: 0,
        scheduledTime: now + 7 * 86_400_000,
        publishTime: now - 2 * 86_400_000 - 1,
        updatedTime: now - 2 * 86_400_000 - 1,
      })
      await trx.charts.insert({
        ...demo,
        id: 'a4'.repeat(16),
        authorId: PHONE_PERSON.id,
        author: phoneAuthor,
        title: 'Second Phone Chart',
        publishTime: now - 2 * 86_400_000 - 2,
        updatedTime: now - 2 * 86_400_000 - 2,
      })
      await trx.community.addComment({
        id: 'a3'.repeat(16),
        chartId: 'a1'.repeat(16),
        userId: PHONE_PERSON.id,
        author: phoneAuthor,
        parentId: null,
        content: 'A comment whose actions must stay on the card.',
        createdTime: now - 60_000,
      })
      await trx.charts.insert({
        ...demo,
        id: 'e'.repeat(32),
        authorId: 'e2e-filler',
        author: 'Filler Creator#888001',
        title: 'XSS Probe',
        description: ['Payloads below must stay inert.', ...XSS_PAYLOADS].join('\n\n'),
        tags: '["<script>alert(\\"tag\\")</script>"]',
        publishTime: now - 7_200_000,
        updatedTime: now - 7_200_000,
      })
    })
  } finally {
    await ctx.close()
  }
  fs.mkdirSync(masterDataDir, { recursive: true })
  const repoMaster = path.resolve(import.meta.dirname, '../../master-data')
  fs.copyFileSync(path.join(repoMaster, 'splitLine.json'), path.join(masterDataDir, 'splitLine.json'))
  const html = fs.readFileSync(path.join(repoMaster, 'splitLine.html'), 'utf8')
  fs.writeFileSync(
    path.join(masterDataDir, 'splitLine.html'),
    html.replace('</table>', `</table>\n<div id="payloads">${XSS_PAYLOADS.join('\n')}</div>`),
  )
}
