// Typed hooks: components use these, never the store itself (ARCHITECTURE.md "Roles and boundaries").
import { useMemo } from 'react'
import { useDispatch, useSelector } from 'react-redux'
import { useGetMineQuery } from '../api/user'
import { SERVERS, type ServerBases } from '../api/servers'
import { type AppDispatch, type RootState } from './store'

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()

/** The selected server's base URLs (docs/spec.md §2 "Server settings": one switch for every base). */
export const useBases = (): ServerBases => {
  const server = useAppSelector((state) => state.settings.server)
  return useMemo(() => SERVERS[server].bases(), [server])
}

/** The logged-in user, or undefined (docs/spec.md §4: logged in when mine returns code 200). */
export const useCurrentUser = () => {
  const { data, isLoading } = useGetMineQuery()
  return { user: data?.code === 200 ? data : undefined, isLoading }
}
