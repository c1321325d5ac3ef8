// Wire types of the people and news calls: the schemas of schemas/people.ts.
import { type Static } from '@sinclair/typebox'
import type * as S from './schemas/people.js'

export type UserDetailsResponse = Static<typeof S.UserDetailsResponseSchema>
export type Profile = Static<typeof S.ProfileSchema>
export type PersonStats = Static<typeof S.PersonStatsSchema>
export type PersonRecord = Static<typeof S.PersonRecordSchema>
export type NewsItem = Static<typeof S.NewsItemSchema>
export type NewsListResponse = Static<typeof S.NewsListResponseSchema>
export type NewsSavedResponse = Static<typeof S.NewsSavedResponseSchema>

/** News limits (code points): a title, and a body in markdown. */
export const NEWS_TITLE_MAX = 100
export const NEWS_BODY_MAX = 5000
export const NEWS_PER_PAGE = 10
/** Users per page in the app's list. */
export const USERS_PER_PAGE = 20
