// Schemas of uploads and of the create/edit form (docs/spec.md §5, §7; docs/protocol.md §15).
import { Type } from '@sinclair/typebox'
import { UPLOAD_KINDS } from '../constants.js'

const Ranges = Type.Array(Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })]))

/** GET /upload/{sha1}?size&type: starts (or resumes) an upload. A malformed one is upload_failed. */
export const UploadStartParams = Type.Object({
  hash: Type.String({ pattern: '^[0-9a-f]{40}$', default: '0'.repeat(40) }),
})
export const UploadStartQuery = Type.Object({
  size: Type.Integer({ minimum: 1, maximum: 999_999_999_999 }),
  type: Type.Union(UPLOAD_KINDS.map((kind) => Type.Literal(kind))),
  localization: Type.Optional(Type.String({ maxLength: 64 })),
})
export const UploadStartResponseSchema = Type.Union([
  Type.Object({ code: Type.Literal(201) }),
  Type.Object({
    code: Type.Literal(200),
    uploadUrl: Type.String(),
    token: Type.String(),
    received: Type.Integer({ minimum: 0 }),
    ranges: Ranges,
  }),
])
export const UploadProgressResponseSchema = Type.Object({
  code: Type.Union([Type.Literal(200), Type.Literal(201)]),
  size: Type.Integer({ minimum: 0 }),
  received: Type.Integer({ minimum: 0 }),
  ranges: Ranges,
  complete: Type.Boolean(),
})
/** An upload session in the path (an unknown one is a 404, as before). */
export const UploadSessionParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
/** A chunk's bytes stream through the route; no parser reads them first. */
export const ChunkBody = Type.Null()

const OptionalHash = Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()]))
/** A yes/no field: 0 or 1 (the app's forms send booleans and text, which the route reads alike). */
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)])
const LooseFlag = Type.Optional(
  Type.Union([
    Flag,
    Type.Boolean(),
    Type.Literal('0'),
    Type.Literal('1'),
    Type.Literal('true'),
    Type.Literal('false'),
    Type.Literal(''),
    Type.Null(),
  ]),
)
const Text = (max: number) => Type.String({ maxLength: max })

/** The create and edit form's fields (docs/spec.md §3, §5). Types and sizes are checked here: a required
 *  field left out is empty_field, anything else malformed create_failed. What needs the rules (trimmed
 *  text, code points, control characters, the level's range for Olivier charts, tags, files present) is
 *  checked by the route. */
export const LevelFormBodySchema = Type.Object(
  {
    title: Text(20_000),
    composer: Text(20_000),
    artists: Text(20_000),
    author: Type.Optional(Text(20_000)),
    description: Type.Optional(Text(100_000)),
    level: Type.Union([Type.Number(), Text(16), Type.Null()]),
    isOliver: LooseFlag,
    isPublic: LooseFlag,
    allowSusDownload: LooseFlag,
    tags: Type.Optional(Type.Array(Text(1000), { maxItems: 1000 })),
    coverHash: Type.Optional(Type.Union([Text(64), Type.Null()])),
    backgroundHash: OptionalHash,
    musicHash: OptionalHash,
    susHash: OptionalHash,
    dataHash: OptionalHash,
    /** When to publish: ms, or '' / null for none; the app's values come as text. */
    publishAt: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()])),
  },
  { additionalProperties: false },
)
/** POST /levels/create: the form, and the upload rules accepted (anything but true is
 *  empty_field). */
export const CreateLevelBodySchema = Type.Composite(
  [LevelFormBodySchema, Type.Object({ rulesAccepted: Type.Optional(Type.Boolean()) })],
  { additionalProperties: false },
)
export const CreateLevelResponseSchema = Type.Object({ code: Type.Literal(200), id: Type.String() })
export const EditLevelResponseSchema = Type.Object({
  code: Type.Literal(200),
  key: Type.String(),
  hashes: Type.Array(Type.String()),
  shouldUpdateItem: Type.Literal(true),
})
