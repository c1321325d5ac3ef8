// A list page's bytes: each chart's level item and raw row as UTF-8, made once for a chart and a language
// and kept while the chart's row is the same, and the engine's JSON, encoded once, between them. A chart
// shows on many pages, orders, filters and searches; its item is written once for them all, and a page is
// its pieces copied end to end (no page-long string to build, then to encode).
import { type ChartRow } from '../../db/repositories/index.js'
import { type PackCatalog } from '../../packs/catalog.js'
import { levelJsonAround, toRawChart } from './item.js'

/** What a kept item weighs besides its bytes (its row, the entry). */
const ENTRY_OVERHEAD = 1500

type Kept = {
  row: ChartRow
  engine: string
  /** The item before the engine, after it, and the raw row, one after the other. */
  bytes: Buffer
  head: number
  tail: number
}

/** True when every field of the two rows is the same: an item made from one is right for the other. */
const sameRow = (a: ChartRow, b: ChartRow): boolean => {
  for (const key in a) if (a[key as keyof ChartRow] !== b[key as keyof ChartRow]) return false
  return true
}

export class ListItems {
  readonly #kept = new Map<string, Kept>()
  readonly #engines = new WeakMap<object, Buffer>()
  #bytes = 0

  constructor(
    private readonly packs: PackCatalog,
    private readonly publicUrl: string,
    /** The bytes kept at most; the least recently used items go first. */
    private readonly maxBytes: number,
  ) {}

  /** The JSON of `rows` as a list page's items (`[...]`) and raw rows (`[...]`), for `viewerId` (a raw row
   *  differs for its owner, whose items are made afresh). */
  page(rows: ChartRow[], locale: string, viewerId: string | undefined): { items: Buffer[]; raw: Buffer[] } {
    const engine = this.packs.engine(locale)
    let engineBytes = this.#engines.get(engine)
    if (!engineBytes) this.#engines.set(engine, (engineBytes = Buffer.from(engine.json)))
    const items: Buffer[] = [OPEN]
    const raw: Buffer[] = [OPEN]
    rows.forEach((row, i) => {
      if (i > 0) {
        items.push(COMMA)
        raw.push(COMMA)
      }
      const kept =
        row.authorId === viewerId ? this.make(row, locale, viewerId) : this.kept(row, locale, engine.json)
      items.push(kept.bytes.subarray(0, kept.head), engineBytes, kept.bytes.subarray(kept.head, kept.tail))
      raw.push(kept.bytes.subarray(kept.tail))
    })
    items.push(CLOSE)
    raw.push(CLOSE)
    return { items, raw }
  }

  private kept(row: ChartRow, locale: string, engine: string): Kept {
    const key = `${locale}\n${row.id}`
    const found = this.#kept.get(key)
    if (found && found.engine === engine && sameRow(found.row, row)) {
      // Most recently used last: the oldest go first.
      this.#kept.delete(key)
      this.#kept.set(key, found)
      return found
    }
    if (found) this.forget(key, found)
    const made = this.make(row, locale, undefined)
    this.#kept.set(key, made)
    this.#bytes += made.bytes.length + ENTRY_OVERHEAD
    for (const [oldest, entry] of this.#kept) {
      if (this.#bytes <= this.maxBytes) break
      this.forget(oldest, entry)
    }
    return made
  }

  private forget(key: string, entry: Kept): void {
    this.#kept.delete(key)
    this.#bytes -= entry.bytes.length + ENTRY_OVERHEAD
  }

  private make(row: ChartRow, locale: string, viewerId: string | undefined): Kept {
    const { before, after } = levelJsonAround(row, this.packs, locale, this.publicUrl)
    const rawText = JSON.stringify(toRawChart(row, viewerId))
    const head = Buffer.byteLength(before)
    const tail = head + Buffer.byteLength(after)
    // One block of its own for the three (not a slice of a shared pool that would be kept whole).
    const bytes = Buffer.allocUnsafeSlow(tail + Buffer.byteLength(rawText))
    bytes.write(before, 0)
    bytes.write(after, head)
    bytes.write(rawText, tail)
    return { row, engine: this.packs.engine(locale).json, bytes, head, tail }
  }

  /** The kept items' count and bytes (for tests and the heap figures). */
  get size(): { items: number; bytes: number } {
    return { items: this.#kept.size, bytes: this.#bytes }
  }
}

const OPEN = Buffer.from('[')
const CLOSE = Buffer.from(']')
const COMMA = Buffer.from(',')
