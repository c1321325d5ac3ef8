// Login calls (docs/spec.md §7): GET /user/mine (code 401 means logged out, not an error), GET /user/login,
// and our POST /user/login/code (the code the app showed) and POST /user/logout; one's archive and the
// deletion of one's account (POST /user/export, /user/delete).
import {
  type UserDeleteBody,
  type UserDeleteResponse,
  type UserExportResponse,
  type UserLoginCodeResponse,
  type UserLoginResponse,
  type UserLogoutResponse,
  type UserMineResponse,
} from '../../common/api/user'
import { sonolusApi } from './sonolusApi'

export const userApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getMine: build.query<UserMineResponse, void>({
      // docs/spec.md §4: "A login check with code other than 200 is not an error."
      query: () => ({
        url: '/user/mine',
        validateStatus: (response) => response.status === 200 || response.status === 401,
      }),
      providesTags: ['User'],
    }),
    startLogin: build.mutation<UserLoginResponse, void>({
      query: () => ({ url: '/user/login', method: 'GET' }),
    }),
    finishLogin: build.mutation<UserLoginCodeResponse, string>({
      query: (code) => ({ url: '/user/login/code', method: 'POST', body: { code } }),
      invalidatesTags: ['User'],
    }),
    logout: build.mutation<UserLogoutResponse, void>({
      query: () => ({ url: '/user/logout', method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    /** A single-use link to the caller's archive (it carries no session). */
    exportData: build.mutation<UserExportResponse, void>({
      query: () => ({ url: '/user/export', method: 'POST', body: {} }),
    }),
    deleteAccount: build.mutation<UserDeleteResponse, UserDeleteBody>({
      query: (body) => ({ url: '/user/delete', method: 'POST', body }),
    }),
  }),
})

export const {
  useGetMineQuery,
  useStartLoginMutation,
  useFinishLoginMutation,
  useLogoutMutation,
  useExportDataMutation,
  useDeleteAccountMutation,
} = userApi
