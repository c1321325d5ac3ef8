// The level search forms the app renders (docs/protocol.md §4, §6). Option queries match the names our
// web client uses, so one parser serves both.
import { type ServerForm } from '@sonolus/core'

export const quickSearch: ServerForm = {
  type: 'quick',
  title: '#SEARCH',
  icon: 'search',
  requireConfirmation: false,
  options: [
    {
      query: 'keywords',
      name: '#KEYWORDS',
      required: false,
      type: 'text',
      def: '',
      placeholder: '#KEYWORDS_PLACEHOLDER',
      limit: 100,
      shortcuts: [],
    },
  ],
}

export const advancedSearch = (loggedIn: boolean): ServerForm => ({
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
      name: 'Tag',
      required: false,
      type: 'text',
      def: '',
      placeholder: 'Tag',
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
      max: 30,
      step: 1,
    },
    {
      query: 'levelMax',
      name: '#RATING_MAXIMUM',
      required: false,
      type: 'slider',
      def: 30,
      min: 1,
      max: 30,
      step: 1,
    },
    {
      query: 'olivier',
      name: 'Olivier',
      required: false,
      type: 'select',
      def: 'any',
      values: [
        { name: 'any', title: '#ANY' },
        { name: 'only', title: 'Olivier' },
        { name: 'exclude', title: 'Lv.' },
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
              { name: 'my', title: 'My charts' },
              { name: '2', title: '#LIKED' },
            ],
          },
        ]
      : []),
  ],
})
