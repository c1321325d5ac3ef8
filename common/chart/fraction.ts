// Exact rational positions for SUS timing (docs/chart-format.md §13.3: exact positions, converted to
// seconds once per event, so no float drift accumulates over a chart).

export type Fraction = { readonly num: number; readonly den: number }

const gcd = (a: number, b: number): number => {
  a = Math.abs(a)
  b = Math.abs(b)
  while (b) [a, b] = [b, a % b]
  return a || 1
}

export const frac = (num: number, den = 1): Fraction => {
  if (den === 0) throw new RangeError('zero denominator')
  const sign = den < 0 ? -1 : 1
  const divisor = gcd(num, den)
  return { num: (sign * num) / divisor, den: (sign * den) / divisor }
}

export const ZERO = frac(0)
export const add = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.den + b.num * a.den, a.den * b.den)
export const sub = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.den - b.num * a.den, a.den * b.den)
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.num, a.den * b.den)
export const div = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.den, a.den * b.num)
export const cmp = (a: Fraction, b: Fraction): number => a.num * b.den - b.num * a.den
export const toNumber = (a: Fraction): number => a.num / a.den
export const key = (a: Fraction): string => `${a.num}/${a.den}`

/** A decimal string ("4", "3.5", "0.75") as an exact fraction, or undefined. */
export const parseDecimalFraction = (text: string): Fraction | undefined => {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined
  const decimals = (match[3] ?? '').slice(0, 9)
  const den = 10 ** decimals.length
  const num = Number(match[2] || '0') * den + Number(decimals || '0')
  if (!Number.isSafeInteger(num)) return undefined
  return frac(match[1] === '-' ? -num : num, den)
}
