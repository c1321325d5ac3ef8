// One chart's details for a test. The path '*/sonolus/levels/:name' alone also matches the level list
// (/sonolus/levels/list) and info, which a page may reach afterwards (the list, after a delete): those fall
// through to the default handlers rather than getting a chart where a list belongs.
import { http, type HttpResponseResolver } from 'msw'

export const chartDetailsHandler = (resolver: HttpResponseResolver<{ name: string }>) =>
  http.get<{ name: string }>('*/sonolus/levels/:name', (info) =>
    info.params.name.startsWith('wbs-') ? resolver(info) : undefined,
  )
