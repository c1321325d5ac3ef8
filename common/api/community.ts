// Wire types of the community calls the site makes (docs/spec.md §7; docs/protocol.md §7, §15).
import { type ServerItemCommunityComment } from '@sonolus/core'
import { type Static } from '@sinclair/typebox'
import type * as L from './schemas/levels.js'
import type * as P from './schemas/protocol.js'

export type CommunityStatus = Static<typeof L.CommunityStatusSchema>

/** A comment as our server sends it: core's fields plus the parent it replies to, an edited flag, the moment
 *  of the chart it is about (seconds) and whether the chart's owner resolved it. `content` is plain text
 *  (the app's); `markdown` the comment as written, which the site renders. */
export type WebComment = ServerItemCommunityComment & {
  markdown: string
  parent: string | null
  edited: boolean
  moment?: number
  resolved?: boolean
}

export type CommentListResponse = { pageCount: number; comments: WebComment[]; total: number }

type Assert<T extends true> = T
type Extends<A, B> = [A] extends [B] ? true : false
// Comments are protocol shapes (core's, with our two fields); their forms are checked by shape.
export type _CommentCheck = Assert<
  Extends<Omit<Static<typeof L.WebCommentSchema>, 'actions'>, Omit<WebComment, 'actions'>>
>
export type _CommentListCheck = Assert<
  Extends<keyof Static<typeof L.CommentListResponseSchema>, keyof CommentListResponse>
>

export type CommunitySubmitResponse = Static<typeof P.CommunitySubmitResponseSchema>
