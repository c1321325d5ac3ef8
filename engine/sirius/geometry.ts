// The stage as the screen sees it. The stage is a trapezoid from the top of the screen (depth 0, a tenth
// as wide) to its bottom (depth 1); lane edge p (0..12) runs straight from top to bottom; the judgment line
// is at depth 0.75. A note's depth follows an exponential approach curve of how far through its
// appearance it is. Expressions for the engine, and the same figures as numbers for the auto-player.
import { Max, Min, Power, type Quad, type Val, num } from '../builder/dsl.js'
import type { Expr } from '../builder/node.js'
import { APPROACH_CURVE, JUDGMENT_DEPTH, LANES, MAX_STAGE_ASPECT, TOP_WIDTH } from './constants.js'

const CURVE_BASE = Math.exp(APPROACH_CURVE)
const CURVE_SCALE = 1 / (CURVE_BASE - 1)

/** How wide the stage is at a depth, as a fraction of its bottom. */
export const widthAt = (depth: Val): Expr =>
  num(depth)
    .mul(1 - TOP_WIDTH)
    .add(TOP_WIDTH)
export const yAt = (depth: Val): Expr => num(1).sub(num(depth).mul(2))
/** Lane edge p (0 = left of lane 1, 12 = right of lane 12) at a depth. */
export const edgeX = (edge: Val, depth: Val, halfWidth: Val): Expr =>
  widthAt(depth)
    .mul(halfWidth)
    .mul(
      num(edge)
        .div(LANES / 2)
        .sub(1),
    )

/** Depth of something `progress` through its approach (0 appearing, 1 at the judgment line). */
export const depthOf = (progress: Val): Expr =>
  Power(CURVE_BASE, progress)
    .sub(1)
    .mul(CURVE_SCALE * JUDGMENT_DEPTH)

/** How far through its approach a time is (scaled seconds), clamped to the top of the stage. */
export const progressOf = (scaledNow: Val, scaledAt: Val, appear: Val): Expr =>
  Max(num(scaledNow).sub(scaledAt).div(appear).add(1), 0)

/** Size relative to the same thing at the judgment line. */
export const scaleAt = (depth: Val): Expr => widthAt(depth).div(TOP_WIDTH + (1 - TOP_WIDTH) * JUDGMENT_DEPTH)

/** A flat band across lane edges [left, right] at a depth, `half` high either side of it. */
export const bandQuad = (
  left: Val,
  right: Val,
  depth: Val,
  half: Val,
  halfWidth: Val,
  inset: Val = 0,
): Quad => {
  const y = yAt(depth)
  const x0 = edgeX(left, depth, halfWidth).add(inset)
  const x1 = edgeX(right, depth, halfWidth).sub(inset)
  return [x0, y.sub(half), x0, y.add(half), x1, y.add(half), x1, y.sub(half)]
}

/** The part of the stage between two depths over lane edges [left, right] (hold bodies, lanes). */
export const spanQuad = (left: Val, right: Val, near: Val, far: Val, halfWidth: Val): Quad => [
  edgeX(left, near, halfWidth),
  yAt(near),
  edgeX(left, far, halfWidth),
  yAt(far),
  edgeX(right, far, halfWidth),
  yAt(far),
  edgeX(right, near, halfWidth),
  yAt(near),
]

/** The later of two depths clamped to the stage. */
export const onStage = (depth: Val): Expr => Min(Max(depth, 0), 1)

/** Half the stage's bottom width for a screen of this aspect ratio. */
export const halfWidthFor = (aspect: Val): Expr => Min(aspect, MAX_STAGE_ASPECT)

/** The same figures as numbers (the auto-player's touches, tests). */
export const numeric = {
  halfWidth: (aspect: number) => Math.min(aspect, MAX_STAGE_ASPECT),
  edgeX: (edge: number, depth: number, halfWidth: number) =>
    (TOP_WIDTH + (1 - TOP_WIDTH) * depth) * halfWidth * (edge / (LANES / 2) - 1),
  judgmentY: 1 - 2 * JUDGMENT_DEPTH,
  depthOf: (progress: number) => (Math.pow(CURVE_BASE, progress) - 1) * CURVE_SCALE * JUDGMENT_DEPTH,
}
