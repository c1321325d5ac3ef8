// docs/protocol.md §4: a POST action's values are the URL-encoded `values` string of the body; our web client
// also puts `type` (and some fields) in the query. Merge both: body values win, and `localization` is
// never an action value.
export const actionValues = (body: unknown, query: unknown): URLSearchParams => {
  const raw = (body as { values?: unknown } | undefined)?.values
  const values = new URLSearchParams(typeof raw === 'string' ? raw : '')
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (key === 'localization' || values.has(key) || typeof value !== 'string') continue
    values.set(key, value)
  }
  return values
}
