// Content outside the Sonolus API (docs/spec.md §7): the split-line fragment from the master-data base, and the
// docs, {docsUrl}/{locale}/{type}.md. Both are text, not JSON.
import { type DocType } from '../../common/api/content'
import { type UiLocale } from '../../common/locales'
import { sonolusApi } from './sonolusApi'

export const contentApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getSplitLineHtml: build.query<string, void>({
      query: () => ({ base: 'masterData', url: '/splitLine.html', responseHandler: 'text' }),
      providesTags: ['SplitLine'],
    }),
    getDoc: build.query<string, { locale: UiLocale; type: DocType }>({
      query: ({ locale, type }) => ({ base: 'docs', url: `/${locale}/${type}.md`, responseHandler: 'text' }),
      providesTags: (_result, _error, { locale, type }) => [{ type: 'Docs', id: `${locale}/${type}` }],
    }),
  }),
})

export const { useGetSplitLineHtmlQuery, useGetDocQuery } = contentApi
