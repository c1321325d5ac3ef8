// docs/conformance.md, the official specs checked statement by statement: every row names a test that exists
// (its file, and a title or part of one found in it) or states a deviation, and every part of the specs we
// build against has rows.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const TABLE = fs.readFileSync(path.join(ROOT, 'docs/conformance.md'), 'utf8')

/** The cells of a table row (a `|` escaped as `\|` stays in its cell). */
const cellsOf = (line: string): string[] =>
  line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())

/** The rows of every statement table (those headed Page | Statement | Checked by). */
const rows = (() => {
  const found: { line: number; page: string; statement: string; checked: string }[] = []
  let inTable = false
  TABLE.split('\n').forEach((line, index) => {
    if (!line.startsWith('|')) {
      inTable = false
      return
    }
    const cells = cellsOf(line)
    if (cells[0] === 'Page' && cells[2] === 'Checked by') {
      inTable = true
      return
    }
    if (!inTable || /^-+$/.test(cells[0]!)) return
    found.push({ line: index + 1, page: cells[0]!, statement: cells[1] ?? '', checked: cells[2] ?? '' })
  })
  return found
})()

const REFERENCE = /^`(test\/[^`]+\.(?:test\.tsx?|spec\.ts))` "([^"]+)"$/

describe('docs/conformance.md', () => {
  it('has a statement and a check in every row', () => {
    expect(rows.length).toBeGreaterThan(600)
    for (const row of rows) {
      // A spec page, or (for functions with no page) the file of @sonolus/core that lists them.
      expect(row.page, `line ${row.line}`).toMatch(/\.md\b|\.d\.ts\b/)
      expect(row.statement.length, `line ${row.line}`).toBeGreaterThan(10)
      expect(row.checked.length, `line ${row.line}`).toBeGreaterThan(0)
    }
  })

  it('cites, in every row that is not a deviation, test files that exist and titles found in them', () => {
    const sources = new Map<string, string>()
    let cited = 0
    for (const row of rows) {
      if (/^\*\*(Deviation|Not applicable):\*\* \S/.test(row.checked)) continue
      for (const reference of row.checked.split('; ')) {
        const match = REFERENCE.exec(reference)
        expect(match, `line ${row.line}: ${reference}`).not.toBeNull()
        const [, file, title] = match!
        const full = path.join(ROOT, file!)
        expect(fs.existsSync(full), `line ${row.line}: ${file} is missing`).toBe(true)
        if (!sources.has(file!)) sources.set(file!, fs.readFileSync(full, 'utf8'))
        expect(sources.get(file!)!.includes(title!), `line ${row.line}: "${title}" is not in ${file}`).toBe(
          true,
        )
        cited++
      }
    }
    expect(cited).toBeGreaterThan(500)
  })

  it('covers the replay, level, resource, engine (blocks, lifecycles, functions) and server pages', () => {
    const pages = new Set(rows.map((row) => row.page))
    const has = (prefix: string) => [...pages].some((page) => page.startsWith(prefix))
    for (const prefix of [
      'resources/replay-data.md',
      'resources/replay-configuration.md',
      'misc/gameplay-result.md',
      'resources/level-data.md',
      'resources/level-data-entity.md',
      'resources/skin-data.md',
      'resources/effect-data.md',
      'resources/particle-data.md',
      'resources/background-data.md',
      'play-blocks/',
      'watch-blocks/',
      'preview-blocks/',
      'tutorial-blocks/',
      'play-lifecycle/',
      'watch-lifecycle/',
      'preview-lifecycle/',
      'tutorial-lifecycle/',
      'functions/',
      'endpoints/',
      'headers/',
      'query-parameters/',
    ])
      expect(has(prefix), prefix).toBe(true)
  })
})
