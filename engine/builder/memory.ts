// Named places in blocks. A layout hands out consecutive indexes of one block by name and refuses to
// grow past the block's size, so the engine's sources never spell an index.
import { Get, GetShifted, Set, SetShifted } from './dsl.js'
import { Expr, type Val } from './node.js'

/** One value, or `size` consecutive values, of a block. */
export class Field {
  constructor(
    readonly block: number,
    readonly offset: number,
    readonly size = 1,
  ) {}

  get(): Expr {
    return Get(this.block, this.offset)
  }
  set(value: Val): Expr {
    return Set(this.block, this.offset, value)
  }
  /** Element `index` of an array field. */
  at(index: Val): Slot {
    const at = Expr.of(index)
    if (at.constant !== undefined) {
      if (at.constant < 0 || at.constant >= this.size)
        throw new Error(`index ${at.constant} is outside a field of ${this.size}`)
      return new Field(this.block, this.offset + at.constant)
    }
    return {
      get: () => GetShifted(this.block, this.offset, at, 1),
      set: (value: Val) => SetShifted(this.block, this.offset, at, 1, value),
    }
  }
  /** The same field of another entity, through the entity array whose rows are `stride` long. */
  of(arrayBlock: number, stride: number, entity: Val): Slot {
    return {
      get: () => GetShifted(arrayBlock, this.offset, entity, stride),
      set: (value: Val) => SetShifted(arrayBlock, this.offset, entity, stride, value),
    }
  }
}

export type Slot = { get(): Expr; set(value: Val): Expr }

export type LayoutSpec = Record<string, number>
export type Fields<S extends LayoutSpec> = { readonly [K in keyof S]: Field }

export class Layout {
  private next: number

  constructor(
    readonly block: number,
    readonly capacity: number,
    readonly name: string,
    start = 0,
  ) {
    this.next = start
  }

  field(name: string, size = 1): Field {
    if (this.next + size > this.capacity)
      throw new Error(`${this.name}: "${name}" does not fit (${this.next} + ${size} > ${this.capacity})`)
    const field = new Field(this.block, this.next, size)
    this.next += size
    return field
  }

  fields<S extends LayoutSpec>(spec: S): Fields<S> {
    return Object.fromEntries(
      Object.entries(spec).map(([name, size]) => [name, this.field(name, size)]),
    ) as Fields<S>
  }

  get used(): number {
    return this.next
  }
}
