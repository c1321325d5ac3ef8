// docs/spec.md §2 "Chart list, My charts, Liked charts": search with a search button, the cards, and
// pagination with 7 visible pages (zero-based in calls). The one search box searches titles and more (the
// keywords: title, artists, composer, author, tags), so the filter bar has no second one; an older
// address's title= still searches titles alone. Mine and Liked need a login: a visitor sees only the
// login prompt. Page, search and the filter bar's filters and sort live in the address, so back
// and forward work and links share; what the address holds that the list does not know is dropped from
// it, with a notice naming it.
import { useEffect, useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useSearchParams } from 'react-router-dom'
import { Alert, Button, Empty, Flex, Spin } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { LIST_VISIBLE_PAGES } from '../../../common/rules'
import { type ChartScope, useGetLevelListQuery } from '../../api/levels'
import { errorKeyOf } from '../../api/errors'
import { useBases, useCurrentUser } from '../../app/hooks'
import { type RouteName } from '../../app/routes'
import { Paginator } from '../../components/Paginator'
import { Scaffold } from '../../components/Scaffold'
import { LoginPrompt } from '../../components/LoginPrompt'
import { useFailureMessage } from '../../app/messages/useFailureMessage'
import { ChartGrid } from './ChartCard'
import { FilterBar } from './FilterBar'
import {
  type ChartFilters,
  type Ignored,
  filterParams,
  isFiltered,
  listQueryArgs,
  readFilters,
  searchText,
} from './filters'

const ROUTE: Record<ChartScope, RouteName> = { all: 'chart_list', mine: 'chart_mine', liked: 'chart_like' }

/** The address's query for these filters and page. */
const addressOf = (filters: ChartFilters, page: number): URLSearchParams => {
  const search = new URLSearchParams(filterParams(filters))
  if (page > 0) search.set('page', String(page))
  return search
}

export const ChartListPage = ({ scope }: { scope: ChartScope }) => {
  const intl = useIntl()
  const bases = useBases()
  const [params, setParams] = useSearchParams()
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0)
  const { filters, ignored } = useMemo(() => readFilters(params), [params])
  const search = searchText(filters)
  const [draft, setDraft] = useState(search)
  useEffect(() => setDraft(search), [search])
  // What the address held that the list does not know: taken out of it (replacing the entry, so Back does
  // not return to it) and named in the notice until the next change.
  const [dropped, setDropped] = useState<Ignored[]>([])
  useEffect(() => {
    if (ignored.length === 0) return
    setDropped(ignored)
    setParams(addressOf(filters, page), { replace: true })
  }, [ignored, filters, page, setParams])

  const { user, isLoading: checkingLogin } = useCurrentUser()
  const needsLogin = scope !== 'all'
  const blocked = needsLogin && !checkingLogin && !user
  const listArgs = useMemo(() => listQueryArgs(filters, page, scope), [filters, page, scope])
  const { data, error, isFetching, isLoading } = useGetLevelListQuery(listArgs, { skip: needsLogin && !user })

  const errorKey = blocked ? 'not_login' : error ? errorKeyOf(error, 'not_login') : undefined
  // A visitor on My charts or Liked charts is asked to log in, once, with the way to do it; any
  // other failure is an error message and the inline alert (docs/spec.md §8).
  const loginNeeded = errorKey === 'not_login'
  useFailureMessage(loginNeeded ? undefined : errorKey, error)

  /** A new page, search or filter set: written to the address (a filter change starts at page 0). A
   *  search replaces an older address's title search, so the box's words are the whole search. */
  const update = (next: { page?: number; search?: string; filters?: ChartFilters }) => {
    const nextFilters = next.filters ?? filters
    setDropped([])
    setParams(
      addressOf(
        next.search === undefined ? nextFilters : { ...nextFilters, keywords: next.search, title: '' },
        next.page ?? page,
      ),
    )
    window.scrollTo({ top: 0 })
  }

  // A visitor on My charts or Liked charts has nothing here but the way to log in (and, until the login is
  // known, nothing but a spinner, so that no search box flashes by first).
  if (loginNeeded || (needsLogin && checkingLogin))
    return (
      <Scaffold title={<FormattedMessage id={`route.${ROUTE[scope]}`} />}>
        {loginNeeded ? <LoginPrompt /> : <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      </Scaffold>
    )

  return (
    <Scaffold title={<FormattedMessage id={`route.${ROUTE[scope]}`} />}>
      <Flex gap={8} style={{ marginBottom: 16, maxWidth: 480 }}>
        {/* A plain input: antd's Input module brings TextArea, OTP and form code this page never uses. */}
        <input
          type="search"
          className="search-input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') update({ search: draft.trim(), page: 0 })
          }}
          placeholder={intl.formatMessage({ id: 'chart.list.search_placeholder' })}
          aria-label={intl.formatMessage({ id: 'chart.list.search_placeholder' })}
          maxLength={100}
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => update({ search: draft.trim(), page: 0 })}
        >
          <FormattedMessage id="chart.list.search" />
        </Button>
      </Flex>
      <FilterBar filters={filters} onChange={(next) => update({ filters: next, page: 0 })} />
      {dropped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setDropped([])}
          style={{ marginBottom: 16 }}
          data-testid="filters-ignored"
          message={
            <FormattedMessage
              id="chart.filter.ignored"
              values={{ params: dropped.map(({ param, value }) => `${param}=${value}`).join(', ') }}
            />
          }
        />
      )}
      {errorKey && <Alert type="error" showIcon message={<FormattedMessage id={`error.${errorKey}`} />} />}
      {(checkingLogin || isLoading) && !errorKey && (
        <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
      )}
      {data && !errorKey && (
        <Spin spinning={isFetching} aria-label={intl.formatMessage({ id: 'app.loading' })}>
          {data.rawItems.length === 0 ? (
            // A search that found nothing says so, rather than that there are no charts at all.
            <Empty
              description={
                search ? (
                  <FormattedMessage id="chart.list.no_match" values={{ title: search }} />
                ) : isFiltered(filters) ? (
                  <FormattedMessage id="chart.filter.no_match" />
                ) : (
                  <FormattedMessage id="chart.list.empty" />
                )
              }
            />
          ) : (
            <ChartGrid charts={data.rawItems} dataBase={bases.data} />
          )}
          <Paginator
            page={page}
            pageCount={data.pageCount}
            visible={LIST_VISIBLE_PAGES}
            onChange={(next) => update({ page: next })}
          />
        </Spin>
      )}
    </Scaffold>
  )
}

export default ChartListPage
