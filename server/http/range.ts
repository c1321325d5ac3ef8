// HTTP Range parsing for single byte ranges (RFC 9110 §14). Multiple ranges and malformed headers
// are ignored, which the RFC allows: the client then gets the whole file with 200.

export type RangeResult =
  { kind: 'none' } | { kind: 'unsatisfiable' } | { kind: 'range'; start: number; end: number }

export const parseRange = (header: string | undefined, size: number): RangeResult => {
  if (!header) return { kind: 'none' }
  // The unit is case-insensitive (RFC 9110 §14.1).
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim())
  if (!match) return { kind: 'none' }
  const [, first, last] = match
  if (first === '' && last === '') return { kind: 'none' }
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last)
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'range', start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return { kind: 'none' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'range', start, end }
}

/** If-None-Match against one strong ETag: a list, weak tags (W/) and * all count (RFC 9110 §13.1.2). */
export const etagMatches = (header: string | undefined, etag: string): boolean => {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
