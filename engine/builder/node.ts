// Expressions of the node graph. An expression is interned when it is made: the same function of the same
// arguments, or the same value, is one object, so a graph shares every identical node for free and an
// emitted table holds each once. Only what a callback reaches is emitted.
import type { EngineDataNode, RuntimeFunction } from '@sonolus/core'

export type Val = Expr | number | boolean

const interned = new Map<string, Expr>()

export class Expr {
  private constructor(
    /** Unique among interned expressions; a key for the nodes that use this one. */
    readonly id: number,
    readonly func: RuntimeFunction | undefined,
    readonly args: readonly Expr[],
    readonly value: number,
  ) {}

  static value(value: number): Expr {
    if (!Number.isFinite(value)) throw new Error(`a node's value must be finite, not ${value}`)
    // JSON has no -0: the app would read 0.
    const normal = Object.is(value, -0) ? 0 : value
    const key = `v${normal}`
    let expr = interned.get(key)
    if (!expr) {
      expr = new Expr(interned.size, undefined, [], normal)
      interned.set(key, expr)
    }
    return expr
  }

  static call(func: RuntimeFunction, args: readonly Val[]): Expr {
    const exprs = args.map(Expr.of)
    const key = `${func}(${exprs.map((arg) => arg.id).join(',')})`
    let expr = interned.get(key)
    if (!expr) {
      expr = new Expr(interned.size, func, exprs, 0)
      interned.set(key, expr)
    }
    return expr
  }

  static of(value: Val): Expr {
    if (value instanceof Expr) return value
    return Expr.value(typeof value === 'boolean' ? (value ? 1 : 0) : value)
  }

  /** The number this is, when it is a value node. */
  get constant(): number | undefined {
    return this.func === undefined ? this.value : undefined
  }

  add(other: Val): Expr {
    return arithmetic('Add', this, other, (a, b) => a + b)
  }
  sub(other: Val): Expr {
    return arithmetic('Subtract', this, other, (a, b) => a - b)
  }
  mul(other: Val): Expr {
    return arithmetic('Multiply', this, other, (a, b) => a * b)
  }
  div(other: Val): Expr {
    return arithmetic('Divide', this, other, (a, b) => a / b)
  }
  /** Floored modulo, as the app's `Mod`. */
  mod(other: Val): Expr {
    return arithmetic('Mod', this, other, (a, b) => a - b * Math.floor(a / b))
  }
  neg(): Expr {
    return this.constant !== undefined ? Expr.value(-this.constant) : Expr.call('Negate', [this])
  }
  eq(other: Val): Expr {
    return Expr.call('Equal', [this, other])
  }
  ne(other: Val): Expr {
    return Expr.call('NotEqual', [this, other])
  }
  lt(other: Val): Expr {
    return Expr.call('Less', [this, other])
  }
  le(other: Val): Expr {
    return Expr.call('LessOr', [this, other])
  }
  gt(other: Val): Expr {
    return Expr.call('Greater', [this, other])
  }
  ge(other: Val): Expr {
    return Expr.call('GreaterOr', [this, other])
  }
  and(other: Val): Expr {
    return Expr.call('And', [this, other])
  }
  or(other: Val): Expr {
    return Expr.call('Or', [this, other])
  }
  not(): Expr {
    return Expr.call('Not', [this])
  }
}

const arithmetic = (
  func: RuntimeFunction,
  left: Expr,
  right: Val,
  fold: (a: number, b: number) => number,
): Expr => {
  const other = Expr.of(right)
  const a = left.constant
  const b = other.constant
  if (a !== undefined && b !== undefined) {
    const folded = fold(a, b)
    if (Number.isFinite(folded)) return Expr.value(folded)
  }
  // x + 0, x - 0, x * 1, x / 1 are x.
  if (b === 0 && (func === 'Add' || func === 'Subtract')) return left
  if (a === 0 && func === 'Add') return other
  if (b === 1 && (func === 'Multiply' || func === 'Divide')) return left
  if (a === 1 && func === 'Multiply') return other
  return Expr.call(func, [left, other])
}

/** The nodes of one engine data file: each expression added once, arguments before their users. */
export class NodeTable {
  readonly nodes: EngineDataNode[] = []
  private readonly index = new Map<number, number>()

  add(root: Val): number {
    const expr = Expr.of(root)
    const known = this.index.get(expr.id)
    if (known !== undefined) return known
    // Iterative post-order: a long Execute chain must not exhaust the stack.
    const stack: { expr: Expr; next: number }[] = [{ expr, next: 0 }]
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      if (top.next < top.expr.args.length) {
        const arg = top.expr.args[top.next++]!
        if (!this.index.has(arg.id)) stack.push({ expr: arg, next: 0 })
        continue
      }
      stack.pop()
      if (this.index.has(top.expr.id)) continue
      const node: EngineDataNode =
        top.expr.func === undefined
          ? { value: top.expr.value }
          : { func: top.expr.func, args: top.expr.args.map((arg) => this.index.get(arg.id)!) }
      this.index.set(top.expr.id, this.nodes.length)
      this.nodes.push(node)
    }
    return this.index.get(expr.id)!
  }
}
