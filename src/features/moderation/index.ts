// Moderation parts other screens show: chart info's hidden alert, moderator buttons and history, the
// Report button on charts and comments, the sentences a user's notices read, and a person's account as
// moderators act on it (their page).
export { AccountModerationCard } from './AccountModeration'
export { AuditEntryList } from './AuditEntryList'
export { NoticeList } from './NoticeList'
export { ChartModerationBar, ChartModerationHistory } from './ChartModeration'
export { ReportButton } from './ReportButton'
