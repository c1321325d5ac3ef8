// Where the signed-in user stands on a chart, as its row shows: its owner (the author's #handle is theirs), an
// accepted co-author, or neither. The server decides each action again; this only chooses what to offer.
import { splitAuthor } from '../../common/format'

export type ChartStanding = 'owner' | 'coauthor' | undefined

export const chartStanding = (
  chart: { author: string; coauthors?: string[] },
  handle: string | undefined,
): ChartStanding => {
  if (!handle) return undefined
  if (splitAuthor(chart.author).handle === handle) return 'owner'
  return (chart.coauthors ?? []).some((coauthor) => splitAuthor(coauthor).handle === handle)
    ? 'coauthor'
    : undefined
}
