// Audit entries as moderators read them, in the log and in a chart's moderation history: time, action,
// target (a link to the chart when there is one), who acted, the reason, and the target's state before →
// after. Authors read the same entries as sentences (NoticeList).
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { Flex, Tag } from 'antd'
import { type AuditEntry } from '../../../common/api/moderation'
import { chartInfoPath } from '../../app/routes'
import { RelativeTime } from '../../components/RelativeTime'

/** A state record as short text: `hidden: true, reason: spam`. */
export const stateText = (state: Record<string, unknown> | null): string =>
  state && Object.keys(state).length > 0
    ? Object.entries(state)
        .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join(', ')
    : '-'

export type AuditEntryListProps = {
  entries: AuditEntry[]
  /** Who acted (the log, a chart's history). */
  showModerator?: boolean
  /** A chart's own history need not name the chart on every line. */
  showTarget?: boolean
}

/** When a moderation entry happened and what was done, as the audit log and the notices both begin it:
 *  green for what gives back, orange for what takes away. */
export const EntryHead = ({ entry }: { entry: Pick<AuditEntry, 'time' | 'action'> }) => (
  <>
    <span className="text-secondary">
      <RelativeTime time={entry.time} />
    </span>
    <Tag color={entry.action === 'restore' || entry.action === 'lift' ? 'green' : 'orange'}>
      <FormattedMessage id={`moderation.action.${entry.action}`} />
    </Tag>
  </>
)

export const AuditEntryList = ({
  entries,
  showModerator = false,
  showTarget = true,
}: AuditEntryListProps) => (
  <ol className="audit-list">
    {entries.map((entry) => (
      <li key={entry.id} className="audit-entry" data-testid="audit-entry">
        <Flex gap={8} wrap align="center">
          <EntryHead entry={entry} />
          {showTarget && (
            <span>
              <FormattedMessage id={`moderation.target.${entry.target.type}`} />
              {': '}
              {entry.chartId ? (
                <Link to={chartInfoPath(entry.chartId)}>{entry.targetLabel}</Link>
              ) : (
                entry.targetLabel
              )}
            </span>
          )}
          {showModerator && entry.moderator && (
            <span className="text-secondary">
              <FormattedMessage id="moderation.by" values={{ moderator: entry.moderator }} />
            </span>
          )}
        </Flex>
        <div>
          <FormattedMessage id="moderation.reason_value" values={{ reason: entry.reason }} />
        </div>
        {(entry.before || entry.after) && (
          <div className="text-secondary" data-testid="audit-change">
            <code>{stateText(entry.before)}</code> → <code>{stateText(entry.after)}</code>
          </div>
        )}
      </li>
    ))}
  </ol>
)
