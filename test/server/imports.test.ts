// The code's import graph, read from the sources: no module imports itself through others (type-only imports
// count: a circle of types still ties the files together), and the server's infrastructure never reaches up
// into the route modules that sit on it.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const TREES = ['server', 'src', 'common', 'engine']
const SOURCE = /\.(ts|tsx)$/

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })

/** Comments out, so that an example in one is not read as an import. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')

const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
]

/** The file a relative specifier names, or null for a package or something not in the trees. */
const resolve = (from: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''))
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '')
  for (const candidate of [
    `${stem}.ts`,
    `${stem}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate)) return candidate
  return null
}

const graph = (): Map<string, string[]> => {
  const edges = new Map<string, string[]>()
  for (const file of TREES.flatMap((tree) => sources(path.join(ROOT, tree)))) {
    const text = code(fs.readFileSync(file, 'utf8'))
    const targets = new Set<string>()
    for (const pattern of SPECIFIERS)
      for (const match of text.matchAll(pattern)) {
        const target = resolve(file, match[1])
        if (target) targets.add(target)
      }
    edges.set(file, [...targets])
  }
  return edges
}

/** Strongly connected components of more than one file, or of a file that imports itself (Tarjan). */
export const circles = (edges: Map<string, string[]>): string[][] => {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter)
    counter++
    stack.push(node)
    onStack.add(node)
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component)
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node)
  return found
}

const relative = (file: string) => path.relative(ROOT, file)

/** The server's route modules: the protocol's handlers, the upload and content routes, and the app that
 *  assembles them. */
const isRouteModule = (file: string): boolean => {
  const name = relative(file)
  return (
    name.startsWith('server/sonolus/') ||
    [
      'server/app.ts',
      'server/uploads/routes.ts',
      'server/content.ts',
      'server/spa.ts',
      'server/firstPaint.ts',
    ].includes(name)
  )
}
/** What route modules stand on: they may import it, never the other way. */
const INFRASTRUCTURE = [
  'http',
  'db',
  'storage',
  'auth',
  'cache',
  'work',
  'media',
  'moderation',
  'notifications',
  'policy',
  'services',
  'jobs',
  'domain',
  'packs',
  'demo',
]
const isInfrastructure = (file: string): boolean => {
  const name = relative(file)
  return (
    INFRASTRUCTURE.some((folder) => name.startsWith(`server/${folder}/`)) ||
    (name.startsWith('server/uploads/') && name !== 'server/uploads/routes.ts') ||
    ['server/config.ts', 'server/context.ts'].includes(name)
  )
}

describe('the import graph', () => {
  const edges = graph()

  it('reads the imports it checks', () => {
    // A reader that found nothing would pass everything.
    const app = edges.get(path.join(ROOT, 'server/app.ts')) ?? []
    expect(app.map(relative)).toContain('server/context.ts')
    expect(edges.size).toBeGreaterThan(300)
  })

  it('finds a circle when there is one', () => {
    const sample = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ])
    expect(circles(sample).map((c) => c.sort())).toEqual([['a', 'b', 'c']])
  })

  it('has no import circles in server, src, common or engine', () => {
    expect(circles(edges).map((component) => component.map(relative).sort())).toEqual([])
  })

  it('has no infrastructure module importing a route module', () => {
    const upward = [...edges].flatMap(([file, targets]) =>
      isInfrastructure(file)
        ? targets.filter(isRouteModule).map((target) => `${relative(file)} -> ${relative(target)}`)
        : [],
    )
    expect(upward).toEqual([])
  })
})

/** Route modules whose handlers parse, call one service and present: their rules and reads live below. */
const LAYERED_ROUTES = [
  'server/sonolus/levels/results.ts',
  'server/sonolus/levels/community.ts',
  'server/sonolus/levels/list.ts',
  'server/sonolus/playlists.ts',
]
/** What knows nothing of HTTP: it throws rule errors that the edge answers. */
const BELOW_HTTP = ['server/services', 'server/policy', 'server/domain']
const REPOSITORY_CALL = /\brepos\.\w+|\btrx\.\w+|\bselectFrom\(|\bsql`/

describe('the layers', () => {
  it('finds a repository call where there is one', () => {
    expect(REPOSITORY_CALL.test(code('const rows = await ctx.repos.charts.findById(id)'))).toBe(true)
    expect(REPOSITORY_CALL.test(code('// ctx.repos.charts is read by the service'))).toBe(false)
  })

  it('keeps repository calls and SQL out of the layered route modules', () => {
    const found = LAYERED_ROUTES.flatMap((name) =>
      code(fs.readFileSync(path.join(ROOT, name), 'utf8'))
        .split('\n')
        .filter((line) => REPOSITORY_CALL.test(line))
        .map((line) => `${name}: ${line.trim()}`),
    )
    expect(found).toEqual([])
  })

  it('keeps services, policies and domain rules free of HTTP', () => {
    const edges = graph()
    const found = [...edges].flatMap(([file, targets]) =>
      BELOW_HTTP.some((folder) => relative(file).startsWith(`${folder}/`))
        ? [
            ...targets.filter((target) => relative(target).startsWith('server/http/')).map(relative),
            ...(/from ['"]fastify['"]/.test(fs.readFileSync(file, 'utf8')) ? ['fastify'] : []),
          ].map((target) => `${relative(file)} -> ${target}`)
        : [],
    )
    expect(found).toEqual([])
  })
})
