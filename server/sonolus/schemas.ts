// TypeBox schemas for the wire shapes we send. Each carries a compile-time check against the
// @sonolus/core or common/api type it stands for, so a core upgrade that changes a shape fails tsc.
import { type Static, Type } from '@sinclair/typebox'
import { type ServerInfo } from '@sonolus/core'
import { type ServerInfoResponse } from '../../common/api/serverInfo.js'

type Assert<T extends true> = T
type Extends<A, B> = [A] extends [B] ? true : false

export const SrlSchema = Type.Object({
  hash: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})

const ItemButtonType = Type.Union(
  (
    [
      'post',
      'playlist',
      'level',
      'replay',
      'skin',
      'background',
      'effect',
      'particle',
      'engine',
      'user',
    ] as const
  ).map((type) => Type.Literal(type)),
)

export const ServerInfoButtonSchema = Type.Union([
  Type.Object({ type: Type.Literal('authentication') }),
  Type.Object({
    type: ItemButtonType,
    title: Type.Optional(Type.String()),
    icon: Type.Optional(Type.String()),
    badgeCount: Type.Optional(Type.Number()),
    infoType: Type.Optional(Type.String()),
    itemName: Type.Optional(Type.String()),
  }),
])

export const ServerInfoSchema = Type.Object({
  title: Type.String(),
  description: Type.Optional(Type.String()),
  buttons: Type.Array(ServerInfoButtonSchema),
  // We offer no configuration options (protocol doc §2.2: every option is echoed on every request).
  configuration: Type.Object({ options: Type.Array(Type.Never()) }),
  banner: Type.Optional(SrlSchema),
})
export type _ServerInfoCheck = Assert<Extends<Static<typeof ServerInfoSchema>, ServerInfo>>

export const ServerInfoResponseSchema = Type.Object({
  code: Type.Literal(200),
  git: Type.Object({
    owner: Type.String(),
    repo: Type.String(),
    branch: Type.String(),
    commit: Type.String(),
    commit_message: Type.String(),
  }),
  drive: Type.Object({ used: Type.Number(), total: Type.Number() }),
})
export type _ServerInfoResponseCheck = Assert<
  Extends<Static<typeof ServerInfoResponseSchema>, ServerInfoResponse>
>
export type _ServerInfoResponseReverse = Assert<
  Extends<ServerInfoResponse, Static<typeof ServerInfoResponseSchema>>
>

export const ErrorBodySchema = Type.Object({
  code: Type.Number(),
  error: Type.String(),
  message: Type.String(),
})
