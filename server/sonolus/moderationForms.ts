// The app's moderation forms (issue 14): report (any logged-in player), a review request (the owner of a
// hidden chart), and the moderators' hide / restore / delete with a reason. Titles are core text keys.
import { type ServerForm } from '@sonolus/core'
import {
  MODERATION_REASON_MAX,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportReason,
} from '../../common/api/moderation.js'

const REASON_TITLES: Record<ReportReason, string> = {
  copyright: 'Copyright / official assets',
  inappropriate: '#INAPPROPRIATE_LANGUAGE',
  spam: '#SPAMMING',
  broken: 'Broken chart',
  other: '#OTHERS',
}

export const reportForm: ServerForm = {
  type: 'report',
  title: '#REPORT',
  icon: 'warning',
  requireConfirmation: false,
  options: [
    {
      query: 'reason',
      name: '#REASON',
      required: true,
      type: 'select',
      def: REPORT_REASONS[0],
      values: REPORT_REASONS.map((name) => ({ name, title: REASON_TITLES[name] })),
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
}

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
