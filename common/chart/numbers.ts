// Strict number parsing and plain-decimal formatting (docs/chart-format.md §11, §14: no atof
// leniency, no exponent in output).

const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const INTEGER = /^[+-]?\d+$/

export const parseStrictFloat = (text: string): number | undefined => {
  if (!FLOAT.test(text)) return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value : undefined
}

export const parseStrictInt = (text: string): number | undefined => {
  if (!INTEGER.test(text)) return undefined
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : undefined
}

/** At most 10 significant digits, plain decimal, no exponent; -0 prints as 0. */
export const formatNumber = (value: number): string => {
  if (value === 0) return '0'
  // Most times are short already (2.25): their shortest form is the answer.
  const plain = String(value)
  if (plain.length <= 11 && !plain.includes('e')) return plain
  const rounded = Number(value.toPrecision(10))
  const text = String(rounded)
  if (!/e/i.test(text)) return text
  const fixed = rounded.toFixed(20)
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed
}

/** Times are compared at 1 µs (§14: never exact float equality). */
export const TIME_EPSILON = 1e-6
export const quantize = (time: number): number => Math.round(time / TIME_EPSILON)
