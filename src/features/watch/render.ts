// A frame's Draw calls on a canvas, as the app draws them: each call's quad through its sprite's skin
// transform, in z order (ties in call order), each quad as two triangles (corners 1-2-3 and 1-3-4) textured
// with the sprite's rectangle of the skin's texture. WebGL2 draws a frame in one call; where it is missing,
// a 2D canvas draws each triangle through an affine transform (which is what the triangles are).
import { type SkinData } from '../../api/watchFiles'
import { DRAW_STRIDE } from './protocol'

const CORNERS = ['x1', 'y1', 'x2', 'y2', 'x3', 'y3', 'x4', 'y4'] as const

/** A sprite ready to draw: its texture rectangle and its transform as an 8×8 matrix (row per output). */
export type PreparedSprite = {
  name: string
  x: number
  y: number
  w: number
  h: number
  matrix: Float64Array
}

/** The skin's sprite for each of the engine's sprite ids (undefined: the skin lacks it, nothing is drawn). */
export const spriteTable = (skin: SkinData, names: readonly string[]): (PreparedSprite | undefined)[] => {
  const byName = new Map(skin.sprites.map((sprite) => [sprite.name, sprite]))
  return names.map((name) => {
    const sprite = byName.get(name)
    if (!sprite) return undefined
    const matrix = new Float64Array(64)
    CORNERS.forEach((out, row) => {
      const coefficients = sprite.transform?.[out] ?? { [out]: 1 }
      CORNERS.forEach((input, column) => (matrix[row * 8 + column] = coefficients[input] ?? 0))
    })
    return { name, x: sprite.x, y: sprite.y, w: sprite.w, h: sprite.h, matrix }
  })
}

/** A quad to draw: four corners in canvas pixels, the sprite, its alpha. */
export const QUAD_STRIDE = 9
export type LaidOutFrame = { quads: Float32Array; sprites: PreparedSprite[]; count: number }

/** The frame's quads in canvas pixels and drawing order. The screen is the app's: y up, from −1 to 1 over
 *  the canvas's height, x from −aspect ratio to aspect ratio. */
export const layOutFrame = (
  draws: Float32Array,
  table: readonly (PreparedSprite | undefined)[],
  width: number,
  height: number,
): LaidOutFrame => {
  const total = Math.floor(draws.length / DRAW_STRIDE)
  const order: number[] = []
  for (let i = 0; i < total; i++) if (table[draws[i * DRAW_STRIDE]!]) order.push(i)
  order.sort((a, b) => draws[a * DRAW_STRIDE + 9]! - draws[b * DRAW_STRIDE + 9]! || a - b)
  const quads = new Float32Array(order.length * QUAD_STRIDE)
  const sprites: PreparedSprite[] = []
  const input = new Float64Array(8)
  const half = height / 2
  order.forEach((call, n) => {
    const at = call * DRAW_STRIDE
    const sprite = table[draws[at]!]!
    for (let k = 0; k < 8; k++) input[k] = draws[at + 1 + k]!
    const out = n * QUAD_STRIDE
    for (let row = 0; row < 8; row++) {
      let value = 0
      for (let column = 0; column < 8; column++) value += sprite.matrix[row * 8 + column]! * input[column]!
      quads[out + row] = row % 2 === 0 ? width / 2 + value * half : half - value * half
    }
    quads[out + 8] = draws[at + 10]!
    sprites.push(sprite)
  })
  return { quads, sprites, count: order.length }
}

/** The texture corners of quad corners 1 to 4: bottom-left, top-left, top-right, bottom-right. */
const textureCorners = (sprite: PreparedSprite): number[] => [
  sprite.x,
  sprite.y + sprite.h,
  sprite.x,
  sprite.y,
  sprite.x + sprite.w,
  sprite.y,
  sprite.x + sprite.w,
  sprite.y + sprite.h,
]
const TRIANGLES = [0, 1, 2, 0, 2, 3]

/** The affine map taking three texture points to three screen points, as canvas setTransform's a–f;
 *  undefined for a triangle with no area in the texture. */
export const affineOf = (
  u: readonly [number, number, number, number, number, number],
  p: readonly [number, number, number, number, number, number],
): [number, number, number, number, number, number] | undefined => {
  const du1 = u[2] - u[0]
  const dv1 = u[3] - u[1]
  const du2 = u[4] - u[0]
  const dv2 = u[5] - u[1]
  const det = du1 * dv2 - du2 * dv1
  if (Math.abs(det) < 1e-12) return undefined
  const dx1 = p[2] - p[0]
  const dy1 = p[3] - p[1]
  const dx2 = p[4] - p[0]
  const dy2 = p[5] - p[1]
  const a = (dx1 * dv2 - dx2 * dv1) / det
  const c = (du1 * dx2 - du2 * dx1) / det
  const b = (dy1 * dv2 - dy2 * dv1) / det
  const d = (du1 * dy2 - du2 * dy1) / det
  return [a, b, c, d, p[0] - a * u[0] - c * u[1], p[1] - b * u[0] - d * u[1]]
}

export interface Renderer {
  readonly kind: 'webgl2' | '2d'
  render(frame: LaidOutFrame): void
  /** Frees what it holds on the GPU. */
  dispose(): void
}

export type Texture = {
  image: TexImageSource & CanvasImageSource
  width: number
  height: number
  smooth: boolean
}

/** The best renderer this canvas has: WebGL2, else a 2D canvas. */
export const createRenderer = (canvas: HTMLCanvasElement, texture: Texture, prefer2d = false): Renderer => {
  const gl = prefer2d ? null : canvas.getContext('webgl2', { premultipliedAlpha: false, alpha: true })
  if (gl) {
    try {
      return new WebGlRenderer(gl, texture)
    } catch {
      // Shaders that do not compile on this GPU: the 2D canvas draws the same frame.
    }
  }
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no canvas')
  return new CanvasRenderer(context, texture)
}

class CanvasRenderer implements Renderer {
  readonly kind = '2d'
  constructor(
    private readonly context: CanvasRenderingContext2D,
    private readonly texture: Texture,
  ) {}

  render(frame: LaidOutFrame) {
    const context = this.context
    const { width, height } = context.canvas
    context.setTransform(1, 0, 0, 1, 0, 0)
    context.clearRect(0, 0, width, height)
    context.imageSmoothingEnabled = this.texture.smooth
    for (let n = 0; n < frame.count; n++) {
      const at = n * QUAD_STRIDE
      const sprite = frame.sprites[n]!
      const uv = textureCorners(sprite)
      context.globalAlpha = Math.min(Math.max(frame.quads[at + 8]!, 0), 1)
      for (let t = 0; t < 6; t += 3) {
        const corners = [TRIANGLES[t]!, TRIANGLES[t + 1]!, TRIANGLES[t + 2]!]
        const p = corners.flatMap((c) => [frame.quads[at + c * 2]!, frame.quads[at + c * 2 + 1]!]) as [
          number,
          number,
          number,
          number,
          number,
          number,
        ]
        const u = corners.flatMap((c) => [uv[c * 2]!, uv[c * 2 + 1]!]) as typeof p
        const map = affineOf(u, p)
        if (!map) continue
        context.save()
        context.beginPath()
        context.moveTo(p[0], p[1])
        context.lineTo(p[2], p[3])
        context.lineTo(p[4], p[5])
        context.closePath()
        context.clip()
        context.setTransform(...map)
        context.drawImage(
          this.texture.image,
          sprite.x,
          sprite.y,
          sprite.w,
          sprite.h,
          sprite.x,
          sprite.y,
          sprite.w,
          sprite.h,
        )
        context.restore()
      }
    }
    context.globalAlpha = 1
  }

  dispose() {}
}

const VERTEX = `#version 300 es
in vec2 position;
in vec2 uv;
in float alpha;
uniform vec2 size;
out vec2 textureAt;
out float shade;
void main() {
  textureAt = uv;
  shade = alpha;
  gl_Position = vec4(position.x / size.x * 2.0 - 1.0, 1.0 - position.y / size.y * 2.0, 0.0, 1.0);
}`
const FRAGMENT = `#version 300 es
precision mediump float;
in vec2 textureAt;
in float shade;
uniform sampler2D skin;
out vec4 color;
void main() {
  vec4 texel = texture(skin, textureAt);
  color = vec4(texel.rgb, texel.a * clamp(shade, 0.0, 1.0));
}`
const FLOATS_PER_VERTEX = 5

class WebGlRenderer implements Renderer {
  readonly kind = 'webgl2'
  private readonly program: WebGLProgram
  private readonly buffer: WebGLBuffer
  private readonly glTexture: WebGLTexture
  private readonly size: WebGLUniformLocation
  private vertices = new Float32Array(6 * FLOATS_PER_VERTEX * 256)

  constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly texture: Texture,
  ) {
    const compile = (type: number, source: string) => {
      const shader = gl.createShader(type)!
      gl.shaderSource(shader, source)
      gl.compileShader(shader)
      if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
        throw new Error(gl.getShaderInfoLog(shader) ?? '')
      return shader
    }
    const program = gl.createProgram()
    gl.attachShader(program, compile(gl.VERTEX_SHADER, VERTEX))
    gl.attachShader(program, compile(gl.FRAGMENT_SHADER, FRAGMENT))
    gl.linkProgram(program)
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program) ?? '')
    this.program = program
    gl.useProgram(program)
    this.size = gl.getUniformLocation(program, 'size')!
    this.buffer = gl.createBuffer()
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer)
    const stride = FLOATS_PER_VERTEX * 4
    const attribute = (name: string, count: number, offset: number) => {
      const location = gl.getAttribLocation(program, name)
      gl.enableVertexAttribArray(location)
      gl.vertexAttribPointer(location, count, gl.FLOAT, false, stride, offset * 4)
    }
    attribute('position', 2, 0)
    attribute('uv', 2, 2)
    attribute('alpha', 1, 4)
    this.glTexture = gl.createTexture()
    gl.bindTexture(gl.TEXTURE_2D, this.glTexture)
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, texture.image)
    const filter = texture.smooth ? gl.LINEAR : gl.NEAREST
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, filter)
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, filter)
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
    gl.enable(gl.BLEND)
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
  }

  render(frame: LaidOutFrame) {
    const gl = this.gl
    const { width, height } = gl.canvas
    gl.viewport(0, 0, width, height)
    gl.clearColor(0, 0, 0, 0)
    gl.clear(gl.COLOR_BUFFER_BIT)
    const needed = frame.count * 6 * FLOATS_PER_VERTEX
    if (needed > this.vertices.length) this.vertices = new Float32Array(needed * 2)
    const vertices = this.vertices
    const { width: textureWidth, height: textureHeight } = this.texture
    let v = 0
    for (let n = 0; n < frame.count; n++) {
      const at = n * QUAD_STRIDE
      const uv = textureCorners(frame.sprites[n]!)
      const alpha = frame.quads[at + 8]!
      for (const corner of TRIANGLES) {
        vertices[v++] = frame.quads[at + corner * 2]!
        vertices[v++] = frame.quads[at + corner * 2 + 1]!
        vertices[v++] = uv[corner * 2]! / textureWidth
        vertices[v++] = uv[corner * 2 + 1]! / textureHeight
        vertices[v++] = alpha
      }
    }
    gl.useProgram(this.program)
    gl.uniform2f(this.size, width, height)
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer)
    gl.bufferData(gl.ARRAY_BUFFER, vertices.subarray(0, v), gl.STREAM_DRAW)
    gl.drawArrays(gl.TRIANGLES, 0, frame.count * 6)
  }

  dispose() {
    this.gl.deleteBuffer(this.buffer)
    this.gl.deleteTexture(this.glTexture)
    this.gl.deleteProgram(this.program)
  }
}
