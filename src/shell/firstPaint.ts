// The first paint index.html may carry (server/firstPaint.ts): the page's answer, adopted into the API's cache
// so that the page's first render draws the charts already on screen instead of a spinner and a second call.
import { FIRST_PAINT_DATA_ID, type FirstPaintData } from '../../common/api/firstPaint'
import { levelsApi } from '../api/levels'
import { listQueryArgs, readFilters } from '../features/charts/filters'
import { SERVERS } from '../api/servers'
import { type AppStore } from '../app/store'

/** The answer the page carried, taken out of the document; null when it carried none. */
export const takeFirstPaint = (): FirstPaintData | null => {
  const element = document.getElementById(FIRST_PAINT_DATA_ID)
  if (!element) return null
  element.remove()
  try {
    return JSON.parse(element.textContent ?? '') as FirstPaintData
  } catch {
    return null
  }
}

/** Puts the carried answer in the API cache when it is the one the page would ask for: same address, and
 *  the selected server is the one that served the page. Call it once the settings are read back. */
export const adoptFirstPaint = (
  store: AppStore,
  data: FirstPaintData,
  location: Pick<Location, 'pathname' | 'search'>,
): boolean => {
  const server = store.getState().settings.server
  if (SERVERS[server].bases().sonolus !== SERVERS.global.bases().sonolus) return false
  if (data.page === 'list' && location.pathname === '/chart/list' && location.search === '') {
    const arg = listQueryArgs(readFilters(new URLSearchParams()).filters, 0, 'all')
    store.dispatch(
      levelsApi.util.upsertQueryEntries([{ endpointName: 'getLevelList', arg, value: data.answer }]),
    )
    return true
  }
  if (data.page === 'chart' && location.pathname === `/chart/${data.id}/info`) {
    store.dispatch(
      levelsApi.util.upsertQueryEntries([{ endpointName: 'getLevel', arg: data.id, value: data.answer }]),
    )
    return true
  }
  return false
}
