// The error catalogue's keys (docs/spec.md §8), in a file without schemas so that the SPA can import the
// lists at run time without bundling TypeBox.

/** Keys the site has a message for: the catalogue's, and the load and moderation keys added since. */
export const MESSAGE_KEYS = [
  'not_login',
  'fetch_failed',
  'upload_failed',
  'create_failed',
  'permission_denied',
  'permission_denied2',
  'file_too_large',
  'empty_field',
  'rate_limited',
  'server_busy',
  // A suspended user's changing call (403); its body carries the end and the reason.
  'suspended',
  // A web login's code that is not the one the app showed (docs/protocol.md §11.2).
  'login_code',
] as const
export type MessageKey = (typeof MESSAGE_KEYS)[number]

/** Every key an error body may name: the messages above, and the protocol's plain statuses. */
export const ERROR_KEYS = [
  ...MESSAGE_KEYS,
  'not_found',
  'bad_request',
  'range_not_satisfiable',
  'request_timeout',
  'internal_error',
] as const
export type ErrorKey = (typeof ERROR_KEYS)[number]

export const isMessageKey = (value: unknown): value is MessageKey =>
  (MESSAGE_KEYS as readonly unknown[]).includes(value)

/** The header the site sends on every call, asking for the catalogue error body `{code, error, message,
 *  …}` on protocol routes too, where the Sonolus app and the official web client get the protocol's shape
 *  (server/http/protocolErrors.ts). */
export const SITE_CLIENT_HEADER = 'x-sirius-client'
export const SITE_CLIENT_VALUE = 'web'
