// What an author reads of moderators' actions on their charts, comments and account: plain sentences in
// their language (what happened, the reason, and what they can do now), never the audit entry's state
// before → after, which stays in the moderators' views (AuditEntryList).
import { type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { Flex, Tag } from 'antd'
import { type AuditEntry } from '../../../common/api/moderation'
import { type MessageId } from '../../messageIds'
import { chartInfoPath } from '../../app/routes'
import { EntryHead } from './AuditEntryList'

/** What happened, what the author can do about it, and whether the sentence names a suspension's end. */
type Sentence = { text: MessageId; hint?: MessageId; until?: boolean }

/** By target and action. */
const SENTENCES: Partial<Record<string, Sentence>> = {
  'chart.hide': { text: 'notices.chart_hide', hint: 'notices.chart_hide_hint' },
  'chart.restore': { text: 'notices.chart_restore' },
  'chart.delete': { text: 'notices.chart_delete' },
  'comment.hide': { text: 'notices.comment_hide' },
  'comment.restore': { text: 'notices.comment_restore' },
  'comment.delete': { text: 'notices.comment_delete' },
  'user.suspend': { text: 'notices.user_suspend', hint: 'notices.suspended_hint', until: true },
  'user.change': { text: 'notices.user_change', hint: 'notices.suspended_hint', until: true },
  'user.ban': { text: 'notices.user_ban', hint: 'notices.banned_hint' },
  'user.lift': { text: 'notices.user_lift' },
  'user.grant': { text: 'notices.user_grant' },
  'user.revoke': { text: 'notices.user_revoke' },
}
const OTHER: Sentence = { text: 'notices.other' }

/** The end of the suspension an entry set, when it set one with an end. */
const untilOf = (entry: AuditEntry): number | undefined => {
  const suspension = (entry.after as { suspension?: { until?: unknown } } | null)?.suspension
  return typeof suspension?.until === 'number' ? suspension.until : undefined
}

const sentenceOf = (entry: AuditEntry) => {
  const sentence = SENTENCES[`${entry.target.type}.${entry.action}`] ?? OTHER
  // A suspension's sentence names its end: without one it would not read.
  return sentence.until && untilOf(entry) === undefined ? OTHER : sentence
}

/** The chart or comment named in the sentence, linked to its chart while that chart exists. */
const labelOf = (entry: AuditEntry): ReactNode =>
  entry.chartId && !(entry.target.type === 'chart' && entry.action === 'delete') ? (
    <Link to={chartInfoPath(entry.chartId)}>{entry.targetLabel}</Link>
  ) : (
    entry.targetLabel
  )

export const NoticeText = ({ entry }: { entry: AuditEntry }) => {
  const sentence = sentenceOf(entry)
  return (
    <Flex vertical gap={2} data-testid="notice-text">
      <div>
        <FormattedMessage id={sentence.text} values={{ label: labelOf(entry), until: untilOf(entry) ?? 0 }} />
      </div>
      <div>
        <FormattedMessage id="moderation.reason_value" values={{ reason: entry.reason }} />
      </div>
      {sentence.hint && (
        <div className="text-secondary">
          <FormattedMessage id={sentence.hint} />
        </div>
      )}
    </Flex>
  )
}

export type NoticeListProps = {
  entries: AuditEntry[]
  /** How many of the first entries are new to their reader. */
  unread?: number
}

export const NoticeList = ({ entries, unread = 0 }: NoticeListProps) => (
  <ol className="audit-list">
    {entries.map((entry, index) => (
      <li key={entry.id} className="audit-entry" data-testid="audit-entry">
        <Flex gap={8} wrap align="center">
          <EntryHead entry={entry} />
          {index < unread && (
            <Tag color="red">
              <FormattedMessage id="notices.new" />
            </Tag>
          )}
        </Flex>
        <NoticeText entry={entry} />
      </li>
    ))}
  </ol>
)
