// docs/spec.md §2 "Server settings": each server entry is one set of base URLs. Everything the SPA calls goes
// through one of these bases, so switching the server switches every call at once.
import { type MessageId } from '../messageIds'

export const SERVER_IDS = ['global', 'proxy'] as const
export type ServerId = (typeof SERVER_IDS)[number]
export const DEFAULT_SERVER: ServerId = 'global'

export type ServerBases = {
  /** The spec's "Sonolus base URL": our server's /sonolus. */
  sonolus: string
  /** Files by hash: {data base}{hash}. */
  data: string
  /** Chunked uploads: {upload base}{sha1}. */
  upload: string
  /** splitLine.html / splitLine.json. */
  masterData: string
  /** {docs base}/{locale}/{type}.md */
  docs: string
  /** open.sonolus.com link base for levels and replays. */
  openInApp: string
}

const basesFor = (origin: string): ServerBases => {
  const url = new URL(origin)
  const path = url.pathname.replace(/\/+$/, '')
  return {
    sonolus: `${url.origin}${path}/sonolus`,
    data: `${url.origin}${path}/sonolus/repository/`,
    upload: `${url.origin}${path}/upload/`,
    masterData: `${url.origin}${path}/content/master`,
    docs: `${url.origin}${path}/content/docs`,
    // docs/protocol.md §2.6: the browser-friendly form of the sonolus:// deep link.
    openInApp: `https://open.sonolus.com/${url.host}${path}`,
  }
}

/** The proxy's origin is set when the site is built (VITE_PROXY_ORIGIN); without one it is this site. */
const proxyOrigin = (): string => import.meta.env.VITE_PROXY_ORIGIN || window.location.origin

export const SERVERS: Record<ServerId, { labelId: MessageId; bases: () => ServerBases }> = {
  global: { labelId: 'settings.server.server_global', bases: () => basesFor(window.location.origin) },
  proxy: { labelId: 'settings.server.server_proxy', bases: () => basesFor(proxyOrigin()) },
}

export const isServerId = (value: unknown): value is ServerId =>
  typeof value === 'string' && (SERVER_IDS as readonly string[]).includes(value)
