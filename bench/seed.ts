// Seeds N synthetic charts (our own random titles) for the benchmarks, in batches inside one transaction.
import { createHash, randomBytes } from 'node:crypto'
import { type AppContext } from '../server/context.js'

const WORDS = (
  'star light night relay dream blue red gold silver echo rain snow wind fire ocean river sky moon sun dawn ' +
  'dusk spark pulse wave drift orbit nova comet aurora prism crystal shadow mirror garden city road bridge tower ' +
  'signal rhythm tempo beat chord melody harmony voice song dance step jump flight shine glow bloom petal ' +
  'ほし ひかり よる ゆめ あお そら うみ かぜ 星空 光 夜 夢'
).split(' ')

export const seedCharts = async (
  ctx: AppContext,
  count: number,
  seed = 42,
): Promise<{ ids: string[]; word: string }> => {
  let state = seed
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]
  const authors = 200
  for (let a = 0; a < authors; a++) {
    await ctx.repos.users.upsert({
      id: `bench-${a}`,
      handle: String(500000 + a),
      name: `Creator ${a}`,
      profile: '{}',
    })
  }
  const ids: string[] = []
  const now = Date.now()
  const batch = 500
  for (let start = 0; start < count; start += batch) {
    await ctx.repos.transaction(async (trx) => {
      for (let n = start; n < Math.min(count, start + batch); n++) {
        const id = randomBytes(16).toString('hex')
        ids.push(id)
        const author = Math.floor(random() * authors)
        await trx.charts.insert({
          id,
          authorId: `bench-${author}`,
          author: `Creator ${author}#${500000 + author}`,
          title: `${pick()} ${pick()} ${pick()}`,
          artists: `${pick()} ${pick()}`,
          composer: pick(),
          description: '',
          level: 1 + Math.floor(random() * 30),
          isOliver: 0,
          isPublic: random() < 0.95 ? 1 : 0,
          tags: JSON.stringify([pick(), pick()]),
          coverHash: randomBytes(20).toString('hex'),
          backgroundHash: null,
          musicHash: null,
          previewHash: null,
          susHash: null,
          dataHash: null,
          publishTime: now - n * 1000,
          updatedTime: now - n * 1000,
        })
      }
    })
  }
  return { ids, word: 'crystal' }
}

/** One chart's community for the bench: `comments` comments by the seeded creators, and `sessions`
 *  web sessions (their secrets are returned) for the like/unlike target. */
export const seedCommunity = async (
  ctx: AppContext,
  chartId: string,
  comments: number,
  sessions: number,
): Promise<string[]> => {
  const now = Date.now()
  const batch = 1000
  for (let start = 0; start < comments; start += batch) {
    await ctx.repos.transaction(async (trx) => {
      for (let n = start; n < Math.min(comments, start + batch); n++) {
        const author = n % 200
        await trx.community.addComment({
          id: randomBytes(16).toString('hex'),
          chartId,
          userId: `bench-${author}`,
          author: `Creator ${author}#${500000 + author}`,
          parentId: null,
          content: `Comment ${n}: a **fine** chart, ${'with some words '.repeat(3)}`,
          createdTime: now - (comments - n) * 1000,
        })
      }
    })
  }
  const secrets: string[] = []
  for (let n = 0; n < sessions; n++) {
    const secret = randomBytes(32).toString('base64url')
    await ctx.repos.sessions.create({
      idHash: createHash('sha1').update(secret).digest('hex'),
      userId: `bench-${n % 200}`,
      kind: 'web',
      createdTime: now,
      expiresTime: now + 3_600_000,
    })
    secrets.push(secret)
  }
  return secrets
}
