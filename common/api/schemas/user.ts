// Schemas of the web login calls (docs/spec.md §7 "/user/mine", "/user/login"; docs/protocol.md §11, §15).
import { Type } from '@sinclair/typebox'
import { MineExtrasSchema } from './moderation.js'

/** docs/spec.md §7's fields, plus the role, any suspension and the unread notices; or code 401. */
export const UserMineResponseSchema = Type.Union([
  Type.Composite([
    Type.Object({ code: Type.Literal(200), id: Type.String(), handle: Type.String(), name: Type.String() }),
    MineExtrasSchema,
  ]),
  Type.Object({ code: Type.Literal(401) }),
])
export const UserLoginResponseSchema = Type.Object({
  code: Type.Literal(200),
  /** The browser's secret: kept in its cookie, sent as Authorization, never put in a URL. */
  sessionId: Type.String(),
  /** open.sonolus.com external-login link; carries only sha1(sessionId). */
  url: Type.String(),
})
export const UserLogoutResponseSchema = Type.Object({ code: Type.Literal(200) })
/** The code the app showed when the user confirmed: six digits (docs/protocol.md §11.2 step 4). */
export const UserLoginCodeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
)
export const UserLoginCodeResponseSchema = Type.Object({ code: Type.Literal(200) })
/** The app's signed completion of a web login names the attempt by sha1(sessionId). */
export const WebLoginParams = Type.Object({ hash: Type.String({ maxLength: 64 }) })

/** The official web client's poll (Sonolus/sonolus-server-web, docs/protocol.md §11.3): its own random key,
 *  whose SHA-1 the external-login link carried. */
export const WebAuthenticateBody = Type.Object(
  { key: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
)
/** Its answer once the app confirmed: the session it sends as Sonolus-Session from then on. */
export const WebAuthenticateResponseSchema = Type.Object({
  title: Type.String(),
  session: Type.String(),
  expiration: Type.Number(),
})

/** POST /sonolus/user/export: a single-use link to the caller's archive (it carries no session). */
export const UserExportResponseSchema = Type.Object({
  code: Type.Literal(200),
  url: Type.String(),
  expiration: Type.Number(),
})
export const UserExportParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) })
/** POST /sonolus/user/delete: the caller types their handle to confirm; their charts are deleted unless kept. */
export const UserDeleteBody = Type.Object(
  {
    handle: Type.String({ maxLength: 64 }),
    charts: Type.Union([Type.Literal('delete'), Type.Literal('keep')]),
  },
  { additionalProperties: false },
)
export const UserDeleteResponseSchema = Type.Object({
  code: Type.Literal(200),
  chartsDeleted: Type.Integer({ minimum: 0 }),
  chartsKept: Type.Integer({ minimum: 0 }),
})
