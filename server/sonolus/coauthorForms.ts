// The app's co-author forms on a chart's details: the owner invites by handle and removes a co-author; an
// invitee accepts or declines; a co-author stops co-authoring. The submit route (levels/submit.ts) answers
// them through services/coauthors.ts.
import { type ServerForm } from '@sonolus/core'
import { type CoauthorRow } from '../db/repositories/index.js'
import { type ChartRole } from '../services/coauthors.js'
import { ownText } from './texts.js'

const inviteForm = (locale: string): ServerForm => ({
  type: 'invite',
  title: ownText('inviteCoauthor', locale),
  icon: 'plus',
  requireConfirmation: false,
  options: [
    {
      query: 'handle',
      name: '#COAUTHOR',
      required: true,
      type: 'text',
      def: '',
      placeholder: '#COAUTHOR_PLACEHOLDER',
      limit: 80,
      shortcuts: [],
    },
  ],
})

const removeForm = (coauthors: CoauthorRow[], locale: string): ServerForm => ({
  type: 'removeCoauthor',
  title: ownText('removeCoauthor', locale),
  icon: 'minus',
  requireConfirmation: true,
  options: [
    {
      query: 'handle',
      name: '#COAUTHOR',
      // Required with no default: the official web client sends only values that differ from it.
      required: true,
      type: 'select',
      def: coauthors[0].handle,
      values: coauthors.map((row) => ({ name: row.handle, title: `${row.name}#${row.handle}` })),
    },
  ],
})

const plainForm = (type: string, title: string, icon: string, confirm: boolean): ServerForm => ({
  type,
  title,
  icon,
  requireConfirmation: confirm,
  options: [],
})

/** What this viewer may do about the chart's co-authors in the app. */
export const coauthorActions = (role: ChartRole, coauthors: CoauthorRow[], locale: string): ServerForm[] => {
  if (role === 'owner')
    return [inviteForm(locale), ...(coauthors.length ? [removeForm(coauthors, locale)] : [])]
  if (role === 'invited')
    return [
      plainForm('accept', ownText('acceptInvitation', locale), 'check', false),
      plainForm('decline', ownText('declineInvitation', locale), 'minus', true),
    ]
  if (role === 'coauthor') return [plainForm('removeCoauthor', ownText('leaveChart', locale), 'minus', true)]
  return []
}
