// The words of a moderation notice in the app, in the app's languages we localise (en, ja, zhs;
// others read English). The app shows a post's title and description as they are.
import { type LogRow } from '../db/repositories/index.js'
import { type AppContext } from '../context.js'

type Locale = 'en' | 'ja' | 'zhs'
const pick = (locale: string): Locale => (locale === 'ja' || locale === 'zhs' ? locale : 'en')

const WHAT: Record<string, Record<Locale, (label: string) => string>> = {
  'chart:hide': {
    en: (l) => `Your chart "${l}" was hidden`,
    ja: (l) => `譜面「${l}」が非表示になりました`,
    zhs: (l) => `你的谱面“${l}”已被隐藏`,
  },
  'chart:restore': {
    en: (l) => `Your chart "${l}" is visible again`,
    ja: (l) => `譜面「${l}」が再び表示されます`,
    zhs: (l) => `你的谱面“${l}”已恢复显示`,
  },
  'chart:delete': {
    en: (l) => `Your chart "${l}" was deleted`,
    ja: (l) => `譜面「${l}」が削除されました`,
    zhs: (l) => `你的谱面“${l}”已被删除`,
  },
  'comment:hide': {
    en: (l) => `Your comment "${l}" was hidden`,
    ja: (l) => `コメント「${l}」が非表示になりました`,
    zhs: (l) => `你的评论“${l}”已被隐藏`,
  },
  'comment:restore': {
    en: (l) => `Your comment "${l}" is visible again`,
    ja: (l) => `コメント「${l}」が再び表示されます`,
    zhs: (l) => `你的评论“${l}”已恢复显示`,
  },
  'comment:delete': {
    en: (l) => `Your comment "${l}" was deleted`,
    ja: (l) => `コメント「${l}」が削除されました`,
    zhs: (l) => `你的评论“${l}”已被删除`,
  },
  'user:suspend': {
    en: () => 'Your account was suspended',
    ja: () => 'アカウントが一時停止されました',
    zhs: () => '你的账号已被暂停',
  },
  'user:ban': {
    en: () => 'Your account was banned',
    ja: () => 'アカウントが停止されました',
    zhs: () => '你的账号已被封禁',
  },
  'user:change': {
    en: () => 'Your suspension was changed',
    ja: () => 'アカウントの停止内容が変更されました',
    zhs: () => '你的账号暂停已变更',
  },
  'user:lift': {
    en: () => 'Your suspension was lifted',
    ja: () => 'アカウントの停止が解除されました',
    zhs: () => '你的账号已解除暂停',
  },
  'user:grant': {
    en: () => 'You are now a moderator',
    ja: () => 'モデレーターになりました',
    zhs: () => '你已成为管理员',
  },
  'user:revoke': {
    en: () => 'You are no longer a moderator',
    ja: () => 'モデレーターではなくなりました',
    zhs: () => '你已不再是管理员',
  },
}

const REASON: Record<Locale, string> = { en: 'Reason', ja: '理由', zhs: '原因' }
const UNTIL: Record<Locale, string> = { en: 'Until', ja: '期限', zhs: '截止' }

export const noticeTitle = (row: LogRow, locale: string): string => {
  const what = WHAT[`${row.targetType}:${row.action}`]
  return what ? what[pick(locale)](row.targetLabel) : row.action
}

export const noticeText = (row: LogRow, locale: string): string => {
  const language = pick(locale)
  const lines = [noticeTitle(row, locale), `${REASON[language]}: ${row.reason}`]
  const until = (JSON.parse(row.after ?? 'null') as { suspension?: { until?: number | null } } | null)
    ?.suspension?.until
  if (typeof until === 'number')
    lines.push(`${UNTIL[language]}: ${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`)
  return lines.join('\n')
}

/** The line the app shows above a hidden chart's description (its owner and moderators see it). */
export const hiddenLine = (reason: string | null, locale: string): string =>
  ({
    en: `Hidden by a moderator. Reason: ${reason ?? ''}`,
    ja: `モデレーターにより非表示。理由：${reason ?? ''}`,
    zhs: `已被管理员隐藏。原因：${reason ?? ''}`,
  })[pick(locale)]

/** A user's moderation notices read up to `now`: the marker is on the user's row, which signed-in requests
 *  keep a moment, so their kept sessions are dropped too. */
export const noticesRead = async (ctx: AppContext, userId: string, now: number): Promise<void> => {
  await ctx.repos.moderation.markNoticesRead(userId, now)
  await ctx.auth.userChanged(userId)
}
