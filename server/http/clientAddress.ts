// Who a connection or a request comes from, by TRUST_PROXY's rule (Fastify's request.ip, through the same
// library): a request's address is the last one in its X-Forwarded-For chain that is not a trusted proxy;
// a connection's peer is either a trusted proxy (which carries many people) or the client itself.
import { type IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'

export type TrustProxy = boolean | string | string[] | ((address: string, hop: number) => boolean) | undefined

export type ClientAddresses = {
  /** The request's client address (request.ip's value). */
  of: (request: IncomingMessage) => string
  /** Whether a connection's peer is a trusted proxy. */
  isProxy: (peer: string) => boolean
}

export const clientAddresses = (trustProxy: TrustProxy): ClientAddresses => {
  if (trustProxy === undefined || trustProxy === false)
    return { of: (request) => request.socket.remoteAddress ?? '', isProxy: () => false }
  const trusted =
    typeof trustProxy === 'function'
      ? trustProxy
      : trustProxy === true
        ? () => true
        : proxyAddr.compile(
            typeof trustProxy === 'string' ? trustProxy.split(',').map((part) => part.trim()) : trustProxy,
          )
  return {
    of: (request) => {
      const all = proxyAddr.all(request, trusted)
      return all[all.length - 1]
    },
    isProxy: (peer) => trusted(peer, 0),
  }
}
