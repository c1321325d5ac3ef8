// The few titles we show in the app for which @sonolus/core has no text key (every title is a
// core key where one exists). The app localizes core keys itself; these we localize, in the languages we
// write (en, ja, zhs), English for the others.
import { textIn } from '../../common/locales.js'
const TEXTS = {
  myCharts: { en: 'My charts', ja: '自分の譜面', zhs: '我的谱面' },
  reasonCopyright: { en: 'Copyright / official assets', ja: '著作権・公式素材', zhs: '版权／官方素材' },
  reasonBroken: { en: 'Broken chart', ja: '壊れた譜面', zhs: '谱面损坏' },
  // Finding charts.
  trending: { en: 'Trending', ja: '急上昇', zhs: '热门趋势' },
  mostPlayed: { en: 'Most played', ja: 'プレイ数順', zhs: '游玩最多' },
  npsMinimum: { en: 'Notes per second (minimum)', ja: '秒間ノーツ数（最小）', zhs: '每秒音符数（最小）' },
  npsMaximum: { en: 'Notes per second (maximum)', ja: '秒間ノーツ数（最大）', zhs: '每秒音符数（最大）' },
  scratches: { en: 'Scratches', ja: 'スクラッチ', zhs: '滑动音符' },
  splitLines: { en: 'Split lines', ja: '分割ライン', zhs: '分割线' },
  speedChanges: { en: 'Speed changes', ja: 'ソフラン', zhs: '变速' },
  with: { en: 'With', ja: 'あり', zhs: '有' },
  without: { en: 'Without', ja: 'なし', zhs: '无' },
  notesUnit: { en: 'notes', ja: 'ノーツ', zhs: '音符' },
  npsUnit: { en: 'NPS', ja: 'NPS', zhs: 'NPS' },
  // Notifications.
  unread: { en: 'New', ja: '新着', zhs: '新' },
  // Playlists.
  staffPicks: { en: 'Staff picks', ja: 'スタッフのおすすめ', zhs: '编辑精选' },
  myPlaylists: { en: 'My playlists', ja: '自分のプレイリスト', zhs: '我的歌单' },
  chartsUnit: { en: 'charts', ja: '譜面', zhs: '谱面' },
  // Charts of one song.
  difficulties: { en: 'Other difficulties', ja: '他の難易度', zhs: '其他难度' },
  // Feedback on one's chart.
  markResolved: { en: 'Mark resolved', ja: '解決済みにする', zhs: '标为已解决' },
  reopen: { en: 'Reopen', ja: '未解決に戻す', zhs: '重新打开' },
  // Co-authors.
  inviteCoauthor: { en: 'Invite a co-author', ja: '共同制作者を招待', zhs: '邀请共同作者' },
  removeCoauthor: { en: 'Remove a co-author', ja: '共同制作者を外す', zhs: '移除共同作者' },
  acceptInvitation: { en: 'Accept the invitation', ja: '招待を承諾', zhs: '接受邀请' },
  declineInvitation: { en: 'Decline the invitation', ja: '招待を辞退', zhs: '拒绝邀请' },
  leaveChart: { en: 'Stop co-authoring', ja: '共同制作をやめる', zhs: '退出共同制作' },
} as const satisfies Record<string, Record<'en' | 'ja' | 'zhs', string>>

export type OwnText = keyof typeof TEXTS

/** Our text in the asked locale, else English. */
export const ownText = (key: OwnText, locale: string | undefined): string =>
  textIn(TEXTS[key], locale ?? 'en', 'en')

/** A time the app writes relative to now in its own language ("In 3d", "2h ago"): core's text function
 *  `##TIME_RELATIVE:<ms>` (Sonolus 1.1.2; TextFunction.TimeRelative from @sonolus/core 7.15.2, after the
 *  7.15.1 we pin). Written here, a time would be in our words and stale by the time it is read. */
export const timeRelative = (time: number): string => `##TIME_RELATIVE:${time}`

/** When a scheduled chart goes public, as a line the app composes from core's texts: "Publishing: In 3d"
 *  (`#KEY:value` puts the key's words before the value's; #SEPARATOR_COLON is Sonolus 1.1.2's). */
export const publishingLine = (time: number): string => `#PUBLISHING:#SEPARATOR_COLON:${timeRelative(time)}`

/** Every title of ours, in every language we write (the app-texts test's allowed list). */
export const OWN_TITLES: readonly string[] = Object.values(TEXTS).flatMap((texts) => Object.values(texts))
