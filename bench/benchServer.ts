// Starts the benchmark's server (bench/serve.mjs) on seeded data: the server compiled first when its
// sources are newer than build/ (as `npm start` does), the data seeded in a process of its own
// (bench/seedData.ts) unless BENCH_SEEDED names a seed made already, the process run with the flags of
// `npm start` (a 2 MB young generation, an old generation that grows by a quarter, two malloc arenas). Used by bench:server and bench:two.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'

const root = path.join(import.meta.dirname, '..')

/** What the seed made (bench/seedData.ts's line). */
export type Seeded = {
  level: string
  word: string
  sessions: string[]
  /** The details target's level's owner, signed in. */
  ownerSession: string
  /** The mixed run's twenty charts (their counters are checked afterwards). */
  mixed: string[]
  /** The trending recomputation, three times (ms). */
  trendingMs: number[]
  /** The realistic traffic's signed-in people (sessions) and its charts, the most liked first. */
  people: string[]
  popular: string[]
}
export type Ready = Seeded & { app: string; bare: string; pid: number }

export const buildServer = (): void => {
  const built = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/build-lib.mjs').then((b) => b.serverIsStale() && b.buildServer())"],
    { cwd: root, stdio: 'inherit' },
  )
  if (built.status !== 0) throw new Error('the server build failed')
}

/** Seeds `env`'s data (BENCH_DATA_DIR, BENCH_CHARTS, DATABASE_URL and BENCH_PG_SCHEMA on PostgreSQL). */
export const seed = (env: NodeJS.ProcessEnv): string => {
  const seeding = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'seedData.ts')],
    { env, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
  )
  if (seeding.status !== 0) throw new Error(`the seed failed (${seeding.status})`)
  return seeding.stdout.toString('utf8').trim().split('\n').at(-1)!
}

export const startServer = async (
  env: NodeJS.ProcessEnv,
  seeded: string,
): Promise<{ child: ChildProcess; ready: Ready; nextLine: () => Promise<string> }> => {
  const child = spawn(
    process.execPath,
    [
      // BENCH_PROF=dir: the server's CPU profile, written there when it exits.
      ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
      '--max-semi-space-size=2',
      '--heap-growing-percent=25',
      path.join(import.meta.dirname, 'serve.mjs'),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'], env: { ...env, MALLOC_ARENA_MAX: '2' } },
  )
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
  const nextLine = async () => String((await lines.next()).value)
  const ready = { ...(JSON.parse(seeded) as Seeded), ...(JSON.parse(await nextLine()) as Ready) }
  return { child, ready, nextLine }
}
