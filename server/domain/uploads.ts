// How long an upload may wait: the upload routes keep a session alive while chunks come, and the janitor
// collects one that nobody sent a chunk to for this long.
export const UPLOAD_IDLE_MS = 60 * 60_000
