// Sirius TXT writer (docs/chart-format.md §11, §13.9): deterministic order, plain decimals.
import { formatNumber } from '../numbers.js'
import { compareRows } from './toLevelData.js'
import { type TxtRow } from './types.js'

export const writeTxt = (rows: readonly TxtRow[], sorted = false): string =>
  (sorted ? rows : [...rows].sort(compareRows))
    .map((row) =>
      [
        formatNumber(row.startTime),
        formatNumber(row.endTime),
        String(row.type),
        String(row.leftLane),
        String(row.laneLength),
        row.gimmick,
        String(row.scratchLength),
      ].join(','),
    )
    .join('\n')
