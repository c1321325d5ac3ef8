// Long because the protocol is: one schema per shape, each beside the core type it is checked against.
// TypeBox schemas of the Sonolus protocol's shapes as we send and receive them (docs/protocol.md). Each
// response schema carries a compile-time check against the @sonolus/core or common/api type it stands for, so a core upgrade that changes a shape fails tsc.
import { type Static, type TSchema, Type } from '@sinclair/typebox'
import { type ServerInfo } from '@sonolus/core'
import {
  type PostItem,
  type ReplayItem,
  type ServerAuthenticateResponse,
  type ServerItemLeaderboardDetails,
  type ServerItemLeaderboardRecord,
  type ServerItemLeaderboardRecordDetails,
  type ServerItemLeaderboardRecordList,
  type ServerSubmitItemActionRequest,
  type ServerSubmitItemActionResponse,
  type ServerSubmitItemCommunityActionResponse,
  type ServerSubmitLevelResultResponse,
  type ServiceAuthenticateExternalResponse,
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
  type UserItem,
} from '@sonolus/core'
import { type ServerInfoResponse } from '../serverInfo.js'

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
  // We offer no configuration options (docs/protocol.md §2.2: every option is echoed on every request).
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

// Items (docs/protocol.md §12). Every schema is checked against the core type it stands for.

export const TagSchema = Type.Object({
  title: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
})

/** A person: named by their handle, titled with their name. */
export const UserItemSchema = Type.Object({
  name: Type.String(),
  source: Type.Optional(Type.String()),
  title: Type.String(),
  handle: Type.Optional(Type.String()),
  tags: Type.Array(TagSchema),
})
export type _UserCheck = Assert<Extends<Static<typeof UserItemSchema>, UserItem>>

const itemBase = {
  name: Type.String(),
  source: Type.Optional(Type.String()),
  title: Type.String(),
  subtitle: Type.String(),
  author: Type.String(),
  tags: Type.Array(TagSchema),
}

/** Skins, backgrounds, effects and particles: an item with a thumbnail and its data. */
const resourceBase = { ...itemBase, thumbnail: SrlSchema, data: SrlSchema }

export const SkinItemSchema = Type.Object({
  ...resourceBase,
  version: Type.Literal(4),
  texture: SrlSchema,
})
export type _SkinCheck = Assert<Extends<Static<typeof SkinItemSchema>, SkinItem>>
export const BackgroundItemSchema = Type.Object({
  ...resourceBase,
  version: Type.Literal(2),
  image: SrlSchema,
  configuration: SrlSchema,
})
export type _BackgroundCheck = Assert<Extends<Static<typeof BackgroundItemSchema>, BackgroundItem>>
export const EffectItemSchema = Type.Object({
  ...resourceBase,
  version: Type.Literal(5),
  audio: SrlSchema,
})
export type _EffectCheck = Assert<Extends<Static<typeof EffectItemSchema>, EffectItem>>
export const ParticleItemSchema = Type.Object({
  ...resourceBase,
  version: Type.Literal(3),
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
  authorUser: Type.Optional(UserItemSchema),
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

/** Forms are checked by shape (their options are many core types: text, slider, select…); their static
 *  type is core's ServerForm, so a handler returns exactly what the app reads. */
export const ServerFormSchema = Type.Unsafe<ServerForm>(
  Type.Object({
    type: Type.String(),
    title: Type.String(),
    icon: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    requireConfirmation: Type.Boolean(),
    options: Type.Array(
      Type.Object({
        query: Type.String(),
        name: Type.String(),
        required: Type.Boolean(),
        type: Type.String(),
      }),
    ),
  }),
)

export const sectionOf = <K extends string, T extends TSchema>(itemType: K, item: T) =>
  Type.Object({
    title: Type.String(),
    icon: Type.Optional(Type.String()),
    itemType: Type.Literal(itemType),
    items: Type.Array(item),
    /** The list the section starts (the app's "More"): a search's values, URL-encoded. */
    searchValues: Type.Optional(Type.String()),
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
  authorUser: Type.Optional(UserItemSchema),
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

// Requests (docs/protocol.md §2, §4). The app adds its own query parameters (configuration options,
// search values), so protocol querystrings stay open; names are bounded so that nothing long reaches SQL.

/** Every protocol GET: the app's language; other parameters pass. */
export const LocalizationQuery = Type.Object({ localization: Type.Optional(Type.String({ maxLength: 64 })) })
/** A paged list (docs/protocol.md §2.5). */
export const PageQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
})
/** A pack item list: a paged list that the app's quick search narrows (`keywords`). */
export const PackListQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  keywords: Type.Optional(Type.String({ maxLength: 2000 })),
})
/** An item's name in the path (`wbs-…`, a pack item's name). */
export const NameParams = Type.Object({ name: Type.String({ maxLength: 256 }) })
/** A submit: the form's values, URL-encoded (ServerSubmitItemActionRequest). The site may put the action's
 *  `type` in the query instead; the values still come as a string. */
export const ActionBody = Type.Object({ values: Type.String() })
export type _ActionBodyCheck = Assert<Extends<Static<typeof ActionBody>, ServerSubmitItemActionRequest>>
/** A call that takes no body: none, or an object we do not read. */
export const NoBody = Type.Union([Type.Null(), Type.Object({})])

/** The app's signed sign-in (ServerAuthenticateRequest) and the signed web login (authenticateExternal,
 *  docs/protocol.md §10, §11). The signature is checked on the raw bytes before these shapes are. */
const UserProfileSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 128 }),
  handle: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.String({ maxLength: 128 }),
})
export const AuthenticateServerBody = Type.Object({
  /** 'authenticateServer'; any other (signed) type is refused as a failed sign-in (401) by the route. */
  type: Type.String({ maxLength: 64 }),
  address: Type.String({ maxLength: 2048 }),
  time: Type.Number(),
  userProfile: UserProfileSchema,
})
export const AuthenticateExternalBody = Type.Object({
  /** 'authenticateExternal'; any other is a failed login (401). */
  type: Type.String({ maxLength: 64 }),
  url: Type.String({ maxLength: 2048 }),
  time: Type.Number(),
  userProfile: UserProfileSchema,
})
export const AuthenticateResponseSchema = Type.Object({ session: Type.String(), expiration: Type.Number() })
export type _AuthenticateCheck = Assert<
  Extends<Static<typeof AuthenticateResponseSchema>, ServerAuthenticateResponse>
>
export const MessageResponseSchema = Type.Object({ message: Type.String() })
export type _MessageCheck = Assert<
  Extends<Static<typeof MessageResponseSchema>, Required<ServiceAuthenticateExternalResponse>>
>

// Submits (docs/protocol.md §4, §7).
export const SubmitResponseSchema = Type.Object({
  key: Type.String(),
  hashes: Type.Array(Type.String()),
  shouldUpdateItem: Type.Optional(Type.Boolean()),
  shouldRemoveItem: Type.Optional(Type.Boolean()),
  shouldNavigateToItem: Type.Optional(Type.String()),
})
export type _SubmitCheck = Assert<
  Extends<Static<typeof SubmitResponseSchema>, ServerSubmitItemActionResponse>
>
/** A community submit, with the site's extras: the new like count and rating after the change. */
export const CommunitySubmitResponseSchema = Type.Object({
  key: Type.String(),
  hashes: Type.Array(Type.String()),
  shouldUpdateCommunity: Type.Optional(Type.Boolean()),
  shouldUpdateComments: Type.Optional(Type.Boolean()),
  shouldNavigateCommentsToPage: Type.Optional(Type.Integer({ minimum: 0 })),
  newLike: Type.Optional(Type.Integer({ minimum: 0 })),
  newRating: Type.Optional(Type.Number()),
  newRatingNumber: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type _CommunitySubmitCheck = Assert<
  Extends<Static<typeof CommunitySubmitResponseSchema>, ServerSubmitItemCommunityActionResponse>
>

// Pack items (engines, skins, backgrounds, effects, particles): info, list and details.
const PackItemSchema = Type.Union([
  EngineItemSchema,
  SkinItemSchema,
  BackgroundItemSchema,
  EffectItemSchema,
  ParticleItemSchema,
])
export const PackInfoSchema = Type.Object({
  sections: Type.Array(
    Type.Object({
      title: Type.String(),
      icon: Type.Optional(Type.String()),
      itemType: Type.String(),
      items: Type.Array(PackItemSchema),
      searchValues: Type.Optional(Type.String()),
    }),
  ),
})
export const PackListSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  items: Type.Array(PackItemSchema),
})
const emptyDetails = {
  description: Type.Optional(Type.String()),
  actions: Type.Array(ServerFormSchema),
  hasCommunity: Type.Boolean(),
  leaderboards: Type.Array(Type.Object({ name: Type.String(), title: Type.String() })),
  sections: Type.Array(
    Type.Object({ title: Type.String(), itemType: Type.String(), items: Type.Array(Type.Any()) }),
  ),
}
export const PackDetailsSchema = Type.Object({ item: PackItemSchema, ...emptyDetails })

// Leaderboards and replays (docs/protocol.md §8).
export const LeaderboardRecordSchema = Type.Object({
  name: Type.String(),
  rank: Type.String(),
  player: Type.String(),
  playerUser: Type.Optional(UserItemSchema),
  value: Type.String(),
  /** Our extra: the replay's name, which the site opens in the app. */
  replay: Type.String(),
})
export type _RecordCheck = Assert<
  Extends<Omit<Static<typeof LeaderboardRecordSchema>, 'replay'>, ServerItemLeaderboardRecord>
>
export const LeaderboardDetailsSchema = Type.Object({ topRecords: Type.Array(LeaderboardRecordSchema) })
export type _LeaderboardDetailsCheck = Assert<
  Extends<Static<typeof LeaderboardDetailsSchema>, ServerItemLeaderboardDetails>
>
export const RecordListSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  records: Type.Array(LeaderboardRecordSchema),
})
export type _RecordListCheck = Assert<
  Extends<Static<typeof RecordListSchema>, ServerItemLeaderboardRecordList>
>
export const ReplayItemSchema = Type.Object({
  name: Type.String(),
  source: Type.Optional(Type.String()),
  version: Type.Literal(1),
  title: Type.String(),
  subtitle: Type.String(),
  author: Type.String(),
  authorUser: Type.Optional(UserItemSchema),
  tags: Type.Array(TagSchema),
  level: LevelItemSchema,
  data: SrlSchema,
  configuration: SrlSchema,
})
export type _ReplayCheck = Assert<Extends<Static<typeof ReplayItemSchema>, ReplayItem>>
export const RecordDetailsSchema = Type.Object({ replays: Type.Array(ReplayItemSchema) })
export type _RecordDetailsCheck = Assert<
  Extends<Static<typeof RecordDetailsSchema>, ServerItemLeaderboardRecordDetails>
>
export const ReplayDetailsSchema = Type.Object({ item: ReplayItemSchema, ...emptyDetails })
export const ReplayInfoSchema = Type.Object({
  searches: Type.Optional(Type.Array(ServerFormSchema)),
  sections: Type.Array(sectionOf('replay', ReplayItemSchema)),
})
export const ReplayListSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  items: Type.Array(ReplayItemSchema),
  searches: Type.Optional(Type.Array(ServerFormSchema)),
})
export type _ReplayListCheck = Assert<
  Extends<Omit<Static<typeof ReplayListSchema>, 'searches'>, Omit<ServerItemList<ReplayItem>, 'searches'>>
>
/** The replays list: all, one level's, or one player's (the sections' searchValues), narrowed by the app's
 *  quick search (`type=quick&keywords=…`). */
export const ReplayListQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  level: Type.Optional(Type.String({ maxLength: 256 })),
  user: Type.Optional(Type.String({ maxLength: 128 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  keywords: Type.Optional(Type.String({ maxLength: 2000 })),
})

// Users: people with something public.
export const UserInfoSchema = Type.Object({
  searches: Type.Optional(Type.Array(ServerFormSchema)),
  sections: Type.Array(sectionOf('user', UserItemSchema)),
})
export const UserListSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  items: Type.Array(UserItemSchema),
  searches: Type.Optional(Type.Array(ServerFormSchema)),
})
export type _UserListCheck = Assert<
  Extends<Omit<Static<typeof UserListSchema>, 'searches'>, Omit<ServerItemList<UserItem>, 'searches'>>
>
export const UserListQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  keywords: Type.Optional(Type.String({ maxLength: 2000 })),
})
export const ResultInfoSchema = Type.Object({ submits: Type.Array(ServerFormSchema) })
export const ResultSubmitResponseSchema = Type.Object({
  key: Type.String(),
  hashes: Type.Array(Type.String()),
})
export type _ResultSubmitCheck = Assert<
  Extends<Static<typeof ResultSubmitResponseSchema>, ServerSubmitLevelResultResponse>
>
/** The app's result submit: the replay it played; its level, engine, data and configuration are checked
 *  by the route (the shape of a replay item is the app's). */
export const ResultSubmitBody = Type.Object({
  replay: Type.Object({
    level: Type.Object({
      name: Type.String({ maxLength: 256 }),
      engine: Type.Object({ name: Type.String({ maxLength: 256 }) }),
      /** The level data played: it names the chart's version. */
      data: Type.Optional(
        Type.Object({ hash: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])) }),
      ),
    }),
    tags: Type.Optional(Type.Array(Type.Unknown())),
    data: Type.Object({ hash: Type.Optional(Type.String({ maxLength: 64 })) }),
    configuration: Type.Object({ hash: Type.Optional(Type.String({ maxLength: 64 })) }),
  }),
  values: Type.Optional(Type.String()),
})
/** The result's files come as multipart parts, read by the route (which refuses any other body after
 *  checking the upload key). */
export const MultipartBody = Type.Union([Type.Null(), Type.Object({})])
export const EmptyObjectSchema = Type.Object({})

// Posts: a user's moderation notices.
export const PostItemSchema = Type.Object({
  name: Type.String(),
  source: Type.Optional(Type.String()),
  version: Type.Literal(1),
  title: Type.String(),
  time: Type.Integer({ minimum: 0 }),
  author: Type.String(),
  authorUser: Type.Optional(UserItemSchema),
  tags: Type.Array(TagSchema),
  thumbnail: Type.Optional(SrlSchema),
})
export type _PostCheck = Assert<Extends<Static<typeof PostItemSchema>, PostItem>>
/** `searches: []` offers the app's own quick search and nothing more; `title` names the notifications'
 *  own page. */
export const PostInfoSchema = Type.Object({
  title: Type.Optional(Type.String()),
  searches: Type.Optional(Type.Array(ServerFormSchema)),
  sections: Type.Array(sectionOf('post', PostItemSchema)),
})
/** `type=notifications`: the server info's Notifications button (its `infoType`), one's notifications alone. */
export const PostInfoQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
})
export const PostListSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  items: Type.Array(PostItemSchema),
  searches: Type.Optional(Type.Array(ServerFormSchema)),
})
/** `kind=news` (the server's news), `kind=notices` (one's moderation notices) or `kind=notifications`
 *  (all of one's notifications); by default a player's notifications, a visitor's news. The app's
 *  quick search (`type=quick&keywords=…`) narrows any of them. */
export const PostListQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  kind: Type.Optional(
    Type.Union([Type.Literal('news'), Type.Literal('notices'), Type.Literal('notifications')]),
  ),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  keywords: Type.Optional(Type.String({ maxLength: 2000 })),
})
export const PostDetailsSchema = Type.Object({ item: PostItemSchema, ...emptyDetails })
