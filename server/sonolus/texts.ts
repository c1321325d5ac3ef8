// The few titles we show in the app for which @sonolus/core has no text key (issue 17: every title is a
// core key where one exists). The app localizes core keys itself; these we localize, in the languages we
// write (en, ja, zhs), English for the others.
const TEXTS = {
  myCharts: { en: 'My charts', ja: '自分の譜面', zhs: '我的谱面' },
  reasonCopyright: { en: 'Copyright / official assets', ja: '著作権・公式素材', zhs: '版权／官方素材' },
  reasonBroken: { en: 'Broken chart', ja: '壊れた譜面', zhs: '谱面损坏' },
  // Finding charts (issue 18).
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
  // Following (issue 19).
  follow: { en: 'Follow', ja: 'フォロー', zhs: '关注' },
  unfollow: { en: 'Unfollow', ja: 'フォロー解除', zhs: '取消关注' },
  unread: { en: 'New', ja: '新着', zhs: '新' },
  // Playlists (issue 19).
  staffPicks: { en: 'Staff picks', ja: 'スタッフのおすすめ', zhs: '编辑精选' },
  myPlaylists: { en: 'My playlists', ja: '自分のプレイリスト', zhs: '我的歌单' },
  chartsUnit: { en: 'charts', ja: '譜面', zhs: '谱面' },
} as const satisfies Record<string, Record<'en' | 'ja' | 'zhs', string>>

export type OwnText = keyof typeof TEXTS

export const ownText = (key: OwnText, locale: string | undefined): string =>
  (TEXTS[key] as Record<string, string>)[locale ?? 'en'] ?? TEXTS[key].en

/** Every title of ours, in every language we write (the app-texts test's allowed list). */
export const OWN_TITLES: readonly string[] = Object.values(TEXTS).flatMap((texts) => Object.values(texts))
