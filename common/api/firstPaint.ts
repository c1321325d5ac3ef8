// The page answer that index.html carries with its first paint (server/firstPaint.ts), for the SPA to adopt
// (src/app/firstPaint.ts).
import { type LevelDetailsResponse, type LevelListResponse } from './levels.js'

export const FIRST_PAINT_DATA_ID = 'first-paint-data'

export type FirstPaintData =
  { page: 'list'; answer: LevelListResponse } | { page: 'chart'; id: string; answer: LevelDetailsResponse }
