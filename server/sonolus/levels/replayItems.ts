// Records and replays as the app and the site show them: a board's rows, and the ReplayItem the app plays.
import { type ReplayItem } from '@sonolus/core'
import { type LeaderboardName, type WebRecord } from '../../../common/api/levels.js'
import { ACCURACY_SCORE_MAX } from '../../../common/scoring.js'
import { type AppContext } from '../../context.js'
import { type ChartRow, type RecordRow } from '../../db/repositories/index.js'
import { REPLAY_PREFIX } from '../../services/results.js'
import { levelJson, srl, withUser } from './item.js'

const RECORD_FIELDS: Record<LeaderboardName, keyof RecordRow> = {
  arcScore: 'arcadeScore',
  accScore: 'accuracyScore',
  combo: 'combo',
  perfect: 'perfect',
  great: 'great',
  good: 'good',
  miss: 'miss',
}

/** A record's value for people (not `812345.5000`): the accuracy score as a percentage of its
 *  maximum (`98.52%`), every other value a whole number, never rounded up (the app may send a fractional arcade score). */
export const formatValue = (value: number, board: LeaderboardName = 'arcScore'): string =>
  board === 'accScore'
    ? `${(Math.floor((value / ACCURACY_SCORE_MAX) * 10_000) / 100).toFixed(2)}%`
    : String(Math.floor(value))

export const toRecord = (
  record: RecordRow,
  board: LeaderboardName,
  rank: number,
  publicUrl: string,
): WebRecord => ({
  name: record.id,
  rank: `#${rank}`,
  player: record.player,
  ...withUser('playerUser', record.player, publicUrl),
  value: formatValue(Number(record[RECORD_FIELDS[board]]), board),
  replay: `${REPLAY_PREFIX}${record.id}`,
})

/** A replay's grade as the game shows it, with a core icon (the words are the game's, as on its result
 *  screen, the same in every language). */
const GRADE_TAGS: Record<string, { title: string; icon: string }> = {
  allPerfect: { title: 'ALL PERFECT', icon: 'crown' },
  fullCombo: { title: 'FULL COMBO', icon: 'medal' },
  pass: { title: 'CLEAR', icon: 'check' },
  fail: { title: 'FAILED', icon: 'xMark' },
}
const gradeTag = (grade: string) => GRADE_TAGS[grade] ?? { title: grade }

export const replayItem = (
  ctx: AppContext,
  record: RecordRow,
  chart: ChartRow,
  locale: string,
): ReplayItem => ({
  name: `${REPLAY_PREFIX}${record.id}`,
  source: ctx.config.publicUrl,
  version: 1,
  title: record.replayTitle,
  subtitle: `${formatValue(Number(record.arcadeScore))} · ${formatValue(Number(record.accuracyScore), 'accScore')}`,
  author: record.player,
  ...withUser('authorUser', record.player, ctx.config.publicUrl),
  tags: [gradeTag(record.grade)],
  level: JSON.parse(levelJson(chart, ctx.packs, locale, ctx.config.publicUrl)) as ReplayItem['level'],
  data: srl(record.dataHash),
  configuration: srl(record.configurationHash),
})
