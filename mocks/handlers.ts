// msw handlers that answer like our server, in our wire types. Client tests and offline front-end
// work use them; nothing in the product depends on them.
import { HttpResponse, http } from 'msw'
import { sampleLogin, sampleServerInfo, sampleSiteInfo } from './data'

export const handlers = [
  http.get('*/sonolus/info', () =>
    HttpResponse.json(sampleSiteInfo, { headers: { 'Sonolus-Version': '1.1.1' } }),
  ),
  http.get('*/sonolus/server/info', () => HttpResponse.json(sampleServerInfo)),
  // Logged out unless a test says otherwise.
  http.get('*/sonolus/user/mine', () => HttpResponse.json({ code: 401 }, { status: 401 })),
  http.get('*/sonolus/user/login', () => HttpResponse.json(sampleLogin)),
  http.post('*/sonolus/user/logout', () => HttpResponse.json({ code: 200 })),
]
