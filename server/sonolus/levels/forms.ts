// The level search form the app renders (docs/protocol.md §4, §6). Option queries match the names our
// web client uses, so one parser serves both. The app has its own quick search (it sends `keywords`),
// so we add no `quick` form of ours beside it (issue 17: two identical forms showed). Titles are core
// text keys, but for the proper name Olivier and "My charts" (server/sonolus/texts.ts).
import { type ServerForm } from '@sonolus/core'
import { DIFFICULTY_MAX } from '../../../common/rules.js'
import { ownText } from '../texts.js'

export const advancedSearch = (loggedIn: boolean, locale: string | undefined): ServerForm => ({
  type: 'advanced',
  title: '#ADVANCED',
  icon: 'advanced',
  requireConfirmation: false,
  options: [
    {
      query: 'title',
      name: '#TITLE',
      required: false,
      type: 'text',
      def: '',
      placeholder: '#TITLE',
      limit: 100,
      shortcuts: [],
    },
    {
      query: 'artists',
      name: '#ARTISTS',
      required: false,
      type: 'text',
      def: '',
      placeholder: '#ARTISTS',
      limit: 100,
      shortcuts: [],
    },
    {
      query: 'author',
      name: '#AUTHOR',
      required: false,
      type: 'text',
      def: '',
      placeholder: '#AUTHOR',
      limit: 100,
      shortcuts: [],
    },
    {
      query: 'tag',
      name: '#TAG',
      required: false,
      type: 'text',
      def: '',
      placeholder: '#TAG',
      limit: 50,
      shortcuts: [],
    },
    {
      query: 'levelMin',
      name: '#RATING_MINIMUM',
      required: false,
      type: 'slider',
      def: 1,
      min: 1,
      max: DIFFICULTY_MAX,
      step: 1,
    },
    {
      query: 'levelMax',
      name: '#RATING_MAXIMUM',
      required: false,
      type: 'slider',
      def: DIFFICULTY_MAX,
      min: 1,
      max: DIFFICULTY_MAX,
      step: 1,
    },
    {
      query: 'olivier',
      name: '#DIFFICULTY',
      required: false,
      type: 'select',
      def: 'any',
      values: [
        { name: 'any', title: '#ANY' },
        { name: 'only', title: 'Olivier' },
        { name: 'exclude', title: '#NORMAL' },
      ],
    },
    {
      query: 'sort',
      name: '#SORT',
      required: false,
      type: 'select',
      def: 'newest',
      values: [
        { name: 'newest', title: '#NEWEST' },
        { name: 'likes', title: '#POPULAR' },
        { name: 'rating', title: '#RATING' },
        { name: 'title', title: '#TITLE' },
      ],
    },
    ...(loggedIn
      ? [
          {
            query: 'in',
            name: '#COLLECTION',
            required: false,
            type: 'select' as const,
            def: 'all',
            values: [
              { name: 'all', title: '#ALL' },
              { name: 'my', title: ownText('myCharts', locale) },
              { name: '2', title: '#LIKED' },
            ],
          },
        ]
      : []),
  ],
})
