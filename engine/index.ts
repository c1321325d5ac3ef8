// The engine's one API: its item's texts, its five data files and its thumbnail, built from the sources.
// The same sources always give the same bytes (gzip without a time stamp), so the same SHA-1s.
import type {
  EngineConfiguration,
  EnginePlayData,
  EnginePreviewData,
  EngineTutorialData,
  EngineWatchData,
} from '@sonolus/core'
import { gzipSync, strToU8 } from 'fflate'
import { buildConfiguration } from './sirius/configuration.js'
import { buildPlayData } from './sirius/play.js'
import { buildPreviewData } from './sirius/preview.js'
import { buildTutorialData } from './sirius/tutorial.js'
import { buildWatchData } from './sirius/watch.js'
import { encodePng, thumbnailPixels } from './thumbnail.js'

/** The built-in engine's name and texts, in the app's languages (en, ja, zhs). */
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

export type EngineData = {
  configuration: EngineConfiguration
  playData: EnginePlayData
  watchData: EngineWatchData
  previewData: EnginePreviewData
  tutorialData: EngineTutorialData
}

export const buildEngineData = (): EngineData => ({
  configuration: buildConfiguration(),
  playData: buildPlayData(),
  watchData: buildWatchData(),
  previewData: buildPreviewData(),
  tutorialData: buildTutorialData(),
})

/** The engine item's resource fields and their bytes: the data files gzipped JSON, the thumbnail a PNG. */
export type EngineFileField = keyof EngineData | 'thumbnail'

export const buildEngineFiles = (
  data: EngineData = buildEngineData(),
): Record<EngineFileField, Uint8Array> => {
  const gzip = (value: unknown) => gzipSync(strToU8(JSON.stringify(value)), { level: 9, mtime: 0 })
  return {
    thumbnail: encodePng(thumbnailPixels()),
    configuration: gzip(data.configuration),
    playData: gzip(data.playData),
    watchData: gzip(data.watchData),
    previewData: gzip(data.previewData),
    tutorialData: gzip(data.tutorialData),
  }
}
