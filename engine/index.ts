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

export { SIRIUS_ENGINE } from './item.js'

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
