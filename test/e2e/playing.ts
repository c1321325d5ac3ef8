// Playing as the app does, for the specs that need a record (community, versions): the level item it
// played, the submit step, then the upload of both replay files; an All Perfect with the given arcade
// score on a chart of `notes` notes (any score up to 1,000,000 is possible then).
import { type APIRequestContext, expect } from '@playwright/test'
import { type LevelItem } from '@sonolus/core'
import { multipartBody, replayFiles, replayItem } from '../fixtures/replay/replay'

export const playAsApp = async (
  request: APIRequestContext,
  session: string,
  level: LevelItem,
  notes: number,
  arcadeScore: number,
) =>
  uploadAsApp(
    request,
    session,
    level,
    replayFiles({
      grade: 'allPerfect',
      arcadeScore,
      accuracyScore: 1_000_000,
      combo: notes,
      perfect: notes,
      great: 0,
      good: 0,
      miss: 0,
      totalCount: notes,
    }),
  )

/** The submit and upload of a play's two files, gzip JSON as the app writes them. */
export const uploadAsApp = async (
  request: APIRequestContext,
  session: string,
  level: LevelItem,
  files: { data: Buffer; configuration: Buffer },
) => {
  const submitted = await request.post('/sonolus/levels/result/submit', {
    headers: { authorization: session },
    data: { replay: replayItem(level, files), values: '' },
  })
  expect(submitted.status()).toBe(200)
  const { key } = (await submitted.json()) as { key: string }
  const { body, contentType } = multipartBody([{ bytes: files.data }, { bytes: files.configuration }])
  const uploaded = await request.post('/sonolus/levels/result/upload', {
    headers: { 'content-type': contentType, 'sonolus-upload-key': key },
    data: body,
  })
  expect(uploaded.status()).toBe(200)
}
