// Moderation parts other screens show: chart info's hidden alert, moderator buttons and history, the
// Report button on charts and comments, and the audit entries a user's notices list.
export { AuditEntryList } from './AuditEntryList'
export { ChartModerationBar, ChartModerationHistory } from './ChartModeration'
export { ReportButton } from './ReportButton'
