// Wire types of our web extensions for login (docs/spec.md §7 "/user/mine", "/user/login"; docs/protocol.md
// §15): the schemas of schemas/user.ts.
import { type Static } from '@sinclair/typebox'
import type * as S from './schemas/user.js'

export type UserMineResponse = Static<typeof S.UserMineResponseSchema>
export type UserLoginResponse = Static<typeof S.UserLoginResponseSchema>
export type UserLogoutResponse = Static<typeof S.UserLogoutResponseSchema>
export type UserLoginCodeResponse = Static<typeof S.UserLoginCodeResponseSchema>
export type UserExportResponse = Static<typeof S.UserExportResponseSchema>
export type UserDeleteBody = Static<typeof S.UserDeleteBody>
export type UserDeleteResponse = Static<typeof S.UserDeleteResponseSchema>
