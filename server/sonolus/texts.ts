// The few titles we show in the app for which @sonolus/core has no text key (issue 17: every title is a
// core key where one exists). The app localizes core keys itself; these we localize, in the languages we
// write (en, ja, zhs), English for the others.
const TEXTS = {
  myCharts: { en: 'My charts', ja: '自分の譜面', zhs: '我的谱面' },
  reasonCopyright: { en: 'Copyright / official assets', ja: '著作権・公式素材', zhs: '版权／官方素材' },
  reasonBroken: { en: 'Broken chart', ja: '壊れた譜面', zhs: '谱面损坏' },
} as const satisfies Record<string, Record<'en' | 'ja' | 'zhs', string>>

export type OwnText = keyof typeof TEXTS

export const ownText = (key: OwnText, locale: string | undefined): string =>
  (TEXTS[key] as Record<string, string>)[locale ?? 'en'] ?? TEXTS[key].en
