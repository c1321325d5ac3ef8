// Markdown as plain text, for the Sonolus app, which shows descriptions and comments as they are (it
// renders no markdown: `A **demo chart**…` would show raw). The site renders the same source with
// markdown-to-jsx, raw HTML off; here, HTML stays as the literal text it is there too. Pure; no DOM.

const INLINE: [RegExp, string | ((...groups: string[]) => string)][] = [
  // Images and links: the words, then the address for a link (the app links bare URLs itself).
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'],
  [
    /\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
    (_m, text: string, url: string) => (text === url ? url : `${text} (${url})`),
  ],
  [/<(https?:\/\/[^>\s]+)>/g, '$1'],
  // Code spans keep their text.
  [/`([^`]+)`/g, '$1'],
  // Emphasis and strike-through: the words only. Underscores only at word edges (snake_case stays).
  [/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '$1'],
  [/(^|\W)__(?=\S)([\s\S]*?\S)__(?!\w)/g, '$1$2'],
  [/\*(?=\S)([\s\S]*?\S)\*/g, '$1'],
  [/(^|\W)_(?=\S)([\s\S]*?\S)_(?!\w)/g, '$1$2'],
  [/~~(?=\S)([\s\S]*?\S)~~/g, '$1'],
]

/** A backslash-escaped mark is the mark itself, and never a mark: kept aside while the marks go. */
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!>~|])/g
const HELD = /\uE000(\d+)\uE001/g

const inline = (text: string): string => {
  const held: string[] = []
  const kept = text.replace(ESCAPED, (_m, mark: string) => `\uE000${held.push(mark) - 1}\uE001`)
  return INLINE.reduce(
    (acc, [pattern, replacement]) => acc.replace(pattern, replacement as string),
    kept,
  ).replace(HELD, (match, index: string) => held[Number(index)] ?? match)
}

export const markdownToPlain = (markdown: string): string => {
  const out: string[] = []
  let fence: string | undefined
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1]
    if (fenceMark && (!fence || fence === fenceMark)) {
      fence = fence ? undefined : fenceMark
      continue
    }
    if (fence) {
      out.push(line)
      continue
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push('──────')
      continue
    }
    let text = line
      // Headings: their words.
      .replace(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/, '$1')
      // Quotes: a bar in front.
      .replace(/^\s{0,3}>\s?/, '│ ')
      // Bullets: a dot; numbered items keep their numbers.
      .replace(
        /^(\s*)[-*+]\s+(\[[ xX]\]\s+)?/,
        (_m, indent: string, task?: string) => `${indent}${task ? (/[xX]/.test(task) ? '☑ ' : '☐ ') : '• '}`,
      )
    text = inline(text)
    out.push(text)
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
