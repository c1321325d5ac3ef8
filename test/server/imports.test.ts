// The code's import graph, read from the sources: no module imports itself through others (type-only imports
// count: a circle of types still ties the files together), and the server's infrastructure never reaches up
// into the route modules that sit on it, nor the SPA's lower floors into the features and shell above them.
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

/** The SPA's floors, lowest first: each imports only from its own floor or those below it (the root's own
 *  files, such as messageIds.ts, stand below them all). The shell composes the features into the app. */
const SPA_FLOORS = ['src/api/', 'src/app/', 'src/components/', 'src/features/', 'src/shell/', 'src/main.tsx']
const spaFloorOf = (name: string): number => SPA_FLOORS.findIndex((floor) => name.startsWith(floor))
export const upwardInSpa = (edges: Map<string, string[]>): string[] =>
  [...edges].flatMap(([file, targets]) =>
    file.startsWith('src/')
      ? targets
          .filter((target) => target.startsWith('src/') && spaFloorOf(target) > spaFloorOf(file))
          .map((target) => `${file} -> ${target}`)
      : [],
  )

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

  it('keeps the SPA importing downward: api, app, components, features, shell', () => {
    const sample = new Map([
      ['src/app/store.ts', ['src/api/sonolusApi.ts', 'src/messageIds.ts']],
      ['src/api/servers.ts', ['src/app/messageIds.ts']],
    ])
    expect(upwardInSpa(sample)).toEqual(['src/api/servers.ts -> src/app/messageIds.ts'])
    const named = new Map([...edges].map(([file, targets]) => [relative(file), targets.map(relative)]))
    expect(upwardInSpa(named)).toEqual([])
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
/** The level list reads through its own service only, but may read twice: a signed-in user's own charts
 *  decide which kept page serves them before any page is read (docs/decisions/level-list-reads.md). */
const READS_THROUGH_ONE_SERVICE: Record<string, string> = {
  'server/sonolus/levels/list.ts': 'server/services/levelList.ts',
}
/** What knows nothing of HTTP: it throws rule errors that the edge answers. */
const BELOW_HTTP = ['server/services', 'server/policy', 'server/domain']
/** The layers below the routes: what a handler calls there is its use case. */
const BELOW_ROUTES = [
  'server/services/',
  'server/policy/',
  'server/moderation/',
  'server/notifications/',
  'server/db/',
]
const REPOSITORY_CALL = /\brepos\.\w+|\btrx\.\w+|\bselectFrom\(|\bsql`/

/** The values a module imports from below the routes (name → module), and the service objects it makes from
 *  them once (`const lists = levelListService(ctx)`: their methods are that module's). */
const lowerCalls = (file: string, text: string) => {
  const modules = new Map<string, string>()
  for (const match of text.matchAll(/\bimport\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const target = match[2] && resolve(file, match[2])
    if (!target || !BELOW_ROUTES.some((folder) => relative(target).startsWith(folder))) continue
    for (const part of (match[1] ?? '').split(',').map((item) => item.trim()))
      if (part && !part.startsWith('type '))
        modules.set(part.split(/\s+as\s+/).pop() ?? part, relative(target))
  }
  const objects = new Map<string, string>()
  for (const match of text.matchAll(/\bconst\s+(\w+)\s*=\s*(\w+)\(/g)) {
    const from = modules.get(match[2] ?? '')
    if (from && match[1]) objects.set(match[1], from)
  }
  return { modules, objects }
}

const indentOf = (line: string) => line.length - line.trimStart().length

/** The lines of each block that starts on a line `start` matches, to its closing bracket on a line as
 *  indented as its first (prettier's layout), or that one line alone. */
const blocksOf = (lines: string[], start: RegExp): { head: string; body: string }[] =>
  lines.flatMap((line, i) => {
    if (!start.test(line)) return []
    let end = i + 1
    while (end < lines.length && (lines[end]?.trim() === '' || indentOf(lines[end] ?? '') > indentOf(line)))
      end++
    const closes = /^[)}\]]/.test(lines[end]?.trim() ?? '')
    return [{ head: line, body: lines.slice(i, closes ? end + 1 : end).join('\n') }]
  })

/** Each route handler's calls into the layers below, through the module's own helpers, by the module they
 *  reach. */
export const handlerCalls = (file: string, source: string): { route: string; calls: string[] }[] => {
  const text = code(source)
  const lines = text.split('\n')
  const { modules, objects } = lowerCalls(file, text)
  const helpers = new Map(
    blocksOf(lines, /^\s*(?:export\s+)?(?:const\s+\w+\s*=|(?:async\s+)?function\*?\s+\w+)/).map(
      ({ head, body }) => [/(?:const|function\*?)\s+(\w+)/.exec(head)?.[1] ?? '', body],
    ),
  )
  const reached = (body: string, seen: Set<string>): string[] => [
    ...[...modules].flatMap(([name, from]) =>
      [...body.matchAll(new RegExp(`(?<![\\w.])${name}\\(`, 'g'))].map(() => `${name} (${from})`),
    ),
    ...[...objects].flatMap(([name, from]) =>
      [...body.matchAll(new RegExp(`(?<![\\w.])${name}\\.(\\w+)\\(`, 'g'))].map(
        (m) => `${name}.${m[1]} (${from})`,
      ),
    ),
    ...[...helpers].flatMap(([name, helper]) =>
      // A helper written inside the body is read with it.
      !seen.has(name) && !body.includes(helper) && new RegExp(`(?<![\\w.])${name}\\(`).test(body)
        ? reached(helper, new Set([...seen, name]))
        : [],
    ),
  ]
  return blocksOf(lines, /^\s*(?:app|scope)\.(?:get|post|put|patch|delete)\(/).map(({ body }) => ({
    route: /\(\s*'([^']+)'/.exec(body)?.[1] ?? body.slice(0, 60),
    calls: reached(body, new Set()),
  }))
}

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

  it('finds a handler calls into the layers below, through the module helpers', () => {
    const file = path.join(ROOT, 'server/sonolus/example.ts')
    const source = [
      "import { actOnChart, type Act } from '../services/community.js'",
      "import { visibleChart } from '../policy/chartAccess.js'",
      "import { levelListService } from '../services/levelList.js'",
      'export const routes = (app, ctx) => {',
      '  const lists = levelListService(ctx)',
      '  const helper = async (name) => visibleChart(ctx, name)',
      '  app.get(',
      "    '/one',",
      '    async (request) => actOnChart(ctx, request.params.name),',
      '  )',
      '  app.post(',
      "    '/two',",
      '    async (request) => {',
      '      await helper(request.params.name)',
      '      return lists.pageFor(request.query)',
      '    },',
      '  )',
      '}',
    ].join('\n')
    expect(handlerCalls(file, source)).toEqual([
      { route: '/one', calls: ['actOnChart (server/services/community.ts)'] },
      {
        route: '/two',
        calls: [
          'lists.pageFor (server/services/levelList.ts)',
          'visibleChart (server/policy/chartAccess.ts)',
        ],
      },
    ])
  })

  it('has each handler of the layered route modules make one call into the layers below', () => {
    const found = LAYERED_ROUTES.flatMap((name) => {
      const file = path.join(ROOT, name)
      const through = READS_THROUGH_ONE_SERVICE[name]
      return handlerCalls(file, fs.readFileSync(file, 'utf8'))
        .filter(({ calls }) =>
          through ? calls.some((call) => !call.endsWith(`(${through})`)) : calls.length > 1,
        )
        .map(({ route, calls }) => `${name} ${route}: ${calls.join(', ')}`)
    })
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
