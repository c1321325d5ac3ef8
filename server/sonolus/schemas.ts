// TypeBox schemas for the wire shapes we send. Each carries a compile-time check against the
// @sonolus/core or common/api type it stands for, so a core upgrade that changes a shape fails tsc.
import { type Static, type TSchema, Type } from '@sinclair/typebox'
import { type ServerInfo } from '@sonolus/core'
import {
  type BackgroundItem,
  type EffectItem,
  type EngineItem,
  type LevelItem,
  type ParticleItem,
  type ServerForm,
  type ServerItemCommunityComment,
  type ServerItemCommunityCommentList,
  type ServerItemCommunityInfo,
  type ServerItemDetails,
  type ServerItemInfo,
  type ServerItemList,
  type SkinItem,
} from '@sonolus/core'
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
  engine: Type.Object({ name: Type.String(), installed: Type.Boolean(), message: Type.String() }),
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

// Items (protocol doc §12). Every schema is checked against the core type it stands for.

export const TagSchema = Type.Object({
  title: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
})

const itemBase = {
  name: Type.String(),
  source: Type.Optional(Type.String()),
  title: Type.String(),
  subtitle: Type.String(),
  author: Type.String(),
  tags: Type.Array(TagSchema),
}

export const SkinItemSchema = Type.Object({
  ...itemBase,
  version: Type.Literal(4),
  thumbnail: SrlSchema,
  data: SrlSchema,
  texture: SrlSchema,
})
export type _SkinCheck = Assert<Extends<Static<typeof SkinItemSchema>, SkinItem>>
export const BackgroundItemSchema = Type.Object({
  ...itemBase,
  version: Type.Literal(2),
  thumbnail: SrlSchema,
  data: SrlSchema,
  image: SrlSchema,
  configuration: SrlSchema,
})
export type _BackgroundCheck = Assert<Extends<Static<typeof BackgroundItemSchema>, BackgroundItem>>
export const EffectItemSchema = Type.Object({
  ...itemBase,
  version: Type.Literal(5),
  thumbnail: SrlSchema,
  data: SrlSchema,
  audio: SrlSchema,
})
export type _EffectCheck = Assert<Extends<Static<typeof EffectItemSchema>, EffectItem>>
export const ParticleItemSchema = Type.Object({
  ...itemBase,
  version: Type.Literal(3),
  thumbnail: SrlSchema,
  data: SrlSchema,
  texture: SrlSchema,
})
export type _ParticleCheck = Assert<Extends<Static<typeof ParticleItemSchema>, ParticleItem>>
export const EngineItemSchema = Type.Object({
  ...itemBase,
  version: Type.Literal(13),
  skin: SkinItemSchema,
  background: BackgroundItemSchema,
  effect: EffectItemSchema,
  particle: ParticleItemSchema,
  thumbnail: SrlSchema,
  playData: SrlSchema,
  watchData: SrlSchema,
  previewData: SrlSchema,
  tutorialData: SrlSchema,
  rom: Type.Optional(SrlSchema),
  configuration: SrlSchema,
})
export type _EngineCheck = Assert<Extends<Static<typeof EngineItemSchema>, EngineItem>>

const useItem = <T extends TSchema>(item: T) =>
  Type.Union([
    Type.Object({ useDefault: Type.Literal(true) }),
    Type.Object({ useDefault: Type.Literal(false), item }),
  ])

export const LevelItemSchema = Type.Object({
  name: Type.String(),
  source: Type.Optional(Type.String()),
  version: Type.Literal(1),
  rating: Type.Number(),
  title: Type.String(),
  artists: Type.String(),
  author: Type.String(),
  tags: Type.Array(TagSchema),
  engine: EngineItemSchema,
  useSkin: useItem(SkinItemSchema),
  useBackground: useItem(BackgroundItemSchema),
  useEffect: useItem(EffectItemSchema),
  useParticle: useItem(ParticleItemSchema),
  cover: SrlSchema,
  bgm: SrlSchema,
  preview: Type.Optional(SrlSchema),
  data: SrlSchema,
})
export type _LevelCheck = Assert<Extends<Static<typeof LevelItemSchema>, LevelItem>>

/** Forms are checked by shape; their options are many core types (text, slider, select…). */
export const ServerFormSchema = Type.Object({
  type: Type.String(),
  title: Type.String(),
  icon: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  requireConfirmation: Type.Boolean(),
  options: Type.Array(
    Type.Object({ query: Type.String(), name: Type.String(), required: Type.Boolean(), type: Type.String() }),
  ),
})
export type _FormCheck = Assert<
  Extends<ServerForm['requireConfirmation'], Static<typeof ServerFormSchema>['requireConfirmation']>
>

const sectionOf = <T extends TSchema>(itemType: string, item: T) =>
  Type.Object({
    title: Type.String(),
    icon: Type.Optional(Type.String()),
    itemType: Type.Literal(itemType),
    items: Type.Array(item),
  })

export const LevelListSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  items: Type.Array(LevelItemSchema),
  searches: Type.Optional(Type.Array(ServerFormSchema)),
})
export type _LevelListCheck = Assert<
  Extends<Omit<Static<typeof LevelListSchema>, 'searches'>, Omit<ServerItemList<LevelItem>, 'searches'>>
>

export const LevelInfoSchema = Type.Object({
  searches: Type.Optional(Type.Array(ServerFormSchema)),
  sections: Type.Array(sectionOf('level', LevelItemSchema)),
})
export type _LevelInfoCheck = Assert<
  Extends<Static<typeof LevelInfoSchema>['sections'][number]['items'], LevelItem[]>
>
export type _LevelInfoShape = Assert<Extends<keyof Static<typeof LevelInfoSchema>, keyof ServerItemInfo>>

export const LevelDetailsSchema = Type.Object({
  item: LevelItemSchema,
  description: Type.Optional(Type.String()),
  actions: Type.Array(ServerFormSchema),
  hasCommunity: Type.Boolean(),
  leaderboards: Type.Array(Type.Object({ name: Type.String(), title: Type.String() })),
  sections: Type.Array(sectionOf('level', LevelItemSchema)),
})
export type _LevelDetailsCheck = Assert<
  Extends<Static<typeof LevelDetailsSchema>['item'], ServerItemDetails<LevelItem>['item']>
>

export const CommunityCommentSchema = Type.Object({
  name: Type.String(),
  author: Type.String(),
  time: Type.Integer({ minimum: 0 }),
  content: Type.String(),
  actions: Type.Array(ServerFormSchema),
})
export type _CommentCheck = Assert<
  Extends<Omit<Static<typeof CommunityCommentSchema>, 'actions'>, Omit<ServerItemCommunityComment, 'actions'>>
>

export const CommunityInfoSchema = Type.Object({
  actions: Type.Array(ServerFormSchema),
  topComments: Type.Array(CommunityCommentSchema),
})
export type _CommunityInfoShape = Assert<
  Extends<keyof Static<typeof CommunityInfoSchema>, keyof ServerItemCommunityInfo>
>

export const CommunityCommentListSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  comments: Type.Array(CommunityCommentSchema),
})
export type _CommentListShape = Assert<
  Extends<keyof Static<typeof CommunityCommentListSchema>, keyof ServerItemCommunityCommentList>
>
