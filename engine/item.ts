// The built-in engine's name and its item's texts, in the app's languages (en, ja, zhs).
export const SIRIUS_ENGINE = {
  name: 'sirius-charts',
  title: { en: 'Sirius', ja: 'Sirius', zhs: 'Sirius' },
  subtitle: {
    en: 'Sirius Charts engine',
    ja: 'Sirius Charts エンジン',
    zhs: 'Sirius Charts 引擎',
  },
  author: { en: 'Sirius Charts', ja: 'Sirius Charts', zhs: 'Sirius Charts' },
  description: {
    en: 'The Sirius engine of this server, written for it: 12 lanes, taps, criticals, flicks, holds and scratches, with watch, preview and tutorial.',
    ja: 'このサーバーのための Sirius エンジン。12 レーン、タップ・クリティカル・フリック・ホールド・スクラッチ、ウォッチ・プレビュー・チュートリアル付き。',
    zhs: '本服务器自己的 Sirius 引擎：12 条轨道，点击、金键、滑键、长按与刮擦，含观看、预览与教程。',
  },
} as const
