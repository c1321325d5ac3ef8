// Wire types of the community calls the site makes (spec §7; protocol doc §7, §15).
import { type ServerItemCommunityComment } from '@sonolus/core'

export type CommunityStatus = { isLike: boolean; isRating: boolean; rating: number }

/** A comment as our server sends it: core's fields plus the parent it replies to and an edited flag. */
export type WebComment = ServerItemCommunityComment & { parent: string | null; edited: boolean }

export type CommentListResponse = { pageCount: number; comments: WebComment[]; total: number }

export type CommunitySubmitResponse = {
  key: string
  hashes: string[]
  shouldUpdateCommunity?: boolean
  shouldUpdateComments?: boolean
  shouldNavigateCommentsToPage?: number
  newLike?: number
  newRating?: number
  newRatingNumber?: number
}
