// The app's moderation forms: report (any logged-in player), a review request (the owner of a
// hidden chart), and the moderators' hide / restore / delete with a reason. Titles are core text keys.
import { type ServerForm } from '@sonolus/core'
import { ownText } from './texts.js'
import {
  MODERATION_REASON_MAX,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportReason,
} from '../../common/api/moderation.js'

const reasonTitles = (locale: string | undefined): Record<ReportReason, string> => ({
  copyright: ownText('reasonCopyright', locale),
  inappropriate: '#INAPPROPRIATE_LANGUAGE',
  spam: '#SPAMMING',
  broken: ownText('reasonBroken', locale),
  other: '#OTHERS',
})

/** The reason a report the app sends without touching the select has (the official web client
 *  sends only values that differ from their default, so no option may be required with a default). */
export const DEFAULT_REPORT_REASON: ReportReason = 'other'

export const reportForm = (locale: string | undefined): ServerForm => ({
  type: 'report',
  title: '#REPORT',
  icon: 'warning',
  requireConfirmation: false,
  options: [
    {
      query: 'reason',
      name: '#REASON',
      required: false,
      type: 'select',
      def: DEFAULT_REPORT_REASON,
      values: REPORT_REASONS.map((name) => ({ name, title: reasonTitles(locale)[name] })),
    },
    {
      query: 'note',
      name: '#MESSAGE',
      required: false,
      type: 'textArea',
      def: '',
      placeholder: '#MESSAGE_PLACEHOLDER',
      limit: REPORT_NOTE_MAX,
      shortcuts: [],
    },
  ],
})

export const reviewForm: ServerForm = {
  type: 'review',
  title: '#REVIEW',
  icon: 'question',
  requireConfirmation: true,
  options: [],
}

const MODERATOR_ICONS = { hide: 'hide', restore: 'restore', delete: 'delete' } as const
const MODERATOR_TITLES = { hide: '#HIDE', restore: '#RESTORE', delete: '#DELETE' } as const

export const moderatorForm = (type: 'hide' | 'restore' | 'delete'): ServerForm => ({
  type,
  title: MODERATOR_TITLES[type],
  icon: MODERATOR_ICONS[type],
  requireConfirmation: type === 'delete',
  options: [
    {
      query: 'reason',
      name: '#REASON',
      required: true,
      type: 'textArea',
      def: '',
      placeholder: '#REVIEW_PLACEHOLDER',
      limit: MODERATION_REASON_MAX,
      shortcuts: [],
    },
  ],
})
