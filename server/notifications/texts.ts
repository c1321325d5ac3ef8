// A notification's words in the app, in the languages we write (en, ja, zhs; others read
// English). The site words them itself (i18n `notifications.*`). A moderation notice reads as its notice
// does (moderation/notices.ts).
import { type NotificationRow } from '../db/repositories/index.js'

type Locale = 'en' | 'ja' | 'zhs'
const pick = (locale: string): Locale => (locale === 'ja' || locale === 'zhs' ? locale : 'en')

/** 'name#handle' → name. */
export const actorName = (actor: string | null): string =>
  actor === null ? '' : actor.includes('#') ? actor.slice(0, actor.lastIndexOf('#')) : actor

const TITLES: Record<string, Record<Locale, (who: string, label: string) => string>> = {
  chart: {
    en: (who, label) => `${who} published "${label}"`,
    ja: (who, label) => `${who}さんが「${label}」を公開しました`,
    zhs: (who, label) => `${who} 发布了“${label}”`,
  },
  comment: {
    en: (who, label) => `${who} commented on your chart: ${label}`,
    ja: (who, label) => `${who}さんが譜面にコメントしました：${label}`,
    zhs: (who, label) => `${who} 评论了你的谱面：${label}`,
  },
  reply: {
    en: (who, label) => `${who} replied to your comment: ${label}`,
    ja: (who, label) => `${who}さんがコメントに返信しました：${label}`,
    zhs: (who, label) => `${who} 回复了你的评论：${label}`,
  },
  rating: {
    en: (who, label) => `${who} rated your chart "${label}"`,
    ja: (who, label) => `${who}さんが「${label}」を評価しました`,
    zhs: (who, label) => `${who} 评价了你的谱面“${label}”`,
  },
  invite: {
    en: (who, label) => `${who} invited you to co-author "${label}"`,
    ja: (who, label) => `${who}さんが「${label}」の共同制作に招待しました`,
    zhs: (who, label) => `${who} 邀请你共同制作“${label}”`,
  },
  coauthor: {
    en: (who, label) => `${who} now co-authors "${label}"`,
    ja: (who, label) => `${who}さんが「${label}」の共同制作者になりました`,
    zhs: (who, label) => `${who} 成为了“${label}”的共同作者`,
  },
}

export const notificationTitle = (row: NotificationRow, locale: string): string => {
  const title = TITLES[row.kind]
  return title ? title[pick(locale)](actorName(row.actor), row.label) : row.label
}
