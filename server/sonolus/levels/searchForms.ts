// The level search form the app renders (docs/protocol.md §4, §6). Option queries match the names our
// web client uses, so one parser serves both. The app has its own quick search (it sends `keywords`),
// so we add no `quick` form of ours beside it (two identical forms would show). Titles are core
// text keys, but for the proper name Olivier and "My charts" (server/sonolus/texts.ts).
import { type ServerForm } from '@sonolus/core'
import { DIFFICULTY_MAX, LENGTH_FILTER_MAX, NPS_FILTER_MAX, NPS_FILTER_STEP } from '../../../common/rules.js'
import { type OwnText, ownText } from '../texts.js'

/** Any, with or without a feature of the level data. */
const featureSelect = (query: string, name: OwnText, locale: string | undefined) => ({
  query,
  name: ownText(name, locale),
  required: false,
  type: 'select' as const,
  def: 'any',
  values: [
    { name: 'any', title: '#ANY' },
    { name: 'with', title: ownText('with', locale) },
    { name: 'without', title: ownText('without', locale) },
  ],
})

const slider = (
  query: string,
  name: string,
  def: number,
  max: number,
  step: number,
  unit?: string,
): ServerForm['options'][number] => ({
  query,
  name,
  required: false,
  type: 'slider',
  def,
  min: 0,
  max,
  step,
  ...(unit ? { unit } : {}),
})

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
    // Length and density from the level data; the sliders' ends filter nothing.
    slider('lengthMin', '#LENGTH_MINIMUM', 0, LENGTH_FILTER_MAX, 10, '#SECOND_UNIT'),
    slider('lengthMax', '#LENGTH_MAXIMUM', LENGTH_FILTER_MAX, LENGTH_FILTER_MAX, 10, '#SECOND_UNIT'),
    slider('npsMin', ownText('npsMinimum', locale), 0, NPS_FILTER_MAX, NPS_FILTER_STEP),
    slider('npsMax', ownText('npsMaximum', locale), NPS_FILTER_MAX, NPS_FILTER_MAX, NPS_FILTER_STEP),
    featureSelect('scratches', 'scratches', locale),
    featureSelect('splitLines', 'splitLines', locale),
    featureSelect('speedChanges', 'speedChanges', locale),
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
        { name: 'trending', title: ownText('trending', locale) },
        { name: 'plays', title: ownText('mostPlayed', locale) },
        { name: 'title', title: '#TITLE' },
        { name: 'length', title: '#LENGTH' },
        { name: 'nps', title: ownText('npsUnit', locale) },
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
