// The server as a process: start-up errors are one clear line; SIGTERM shuts it down cleanly.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { tempDir } from './helpers/context'

const root = path.resolve(__dirname, '../..')
const main = path.join(root, 'server', 'main.ts')

const baseEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  SKIP_SPA_BUILD: '1',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  SEED_DEMO: '0',
})

const runToExit = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 20_000,
  })

const waitForLog = (child: ChildProcess, pattern: RegExp, timeoutMs = 20_000) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(
      () => reject(new Error(`no log line matching ${pattern}; got:\n${buffer}`)),
      timeoutMs,
    )
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      for (const line of buffer.split('\n')) {
        if (!line.startsWith('{')) continue
        try {
          const entry = JSON.parse(line) as Record<string, unknown>
          if (pattern.test(String(entry.msg))) {
            clearTimeout(timer)
            resolve(entry)
            return
          }
        } catch {
          // a partial line; wait for the rest
        }
      }
    })
  })

describe('server process', () => {
  it.each([
    ['DATABASE_URL', 'bogus://x'],
    ['PORT', 'abc'],
    ['S3_BUCKET', 'NO'],
  ])('exits non-zero with one line naming %s when it is %s', (variable, value) => {
    const dataDir = tempDir()
    const result = runToExit({ ...baseEnv(dataDir), [variable]: value })
    expect(result.status).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(variable)
    expect(lines[0]).toMatch(/^Configuration error: /)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('names DATABASE_URL when PostgreSQL cannot be reached', () => {
    const dataDir = tempDir()
    const result = runToExit({ ...baseEnv(dataDir), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })
    expect(result.status).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('DATABASE_URL')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const chartCount = (dataDir: string): number => {
    const db = new Database(path.join(dataDir, 'sirius.db'), { readonly: true })
    try {
      return (db.prepare('select count(*) as n from charts').get() as { n: number }).n
    } finally {
      db.close()
    }
  }

  it.each([
    ['1', 4],
    ['0', 0],
  ])('serves, then shuts down cleanly on SIGTERM (SEED_DEMO=%s seeds %d charts)', async (seed, charts) => {
    const dataDir = tempDir()
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: root,
      env: { ...baseEnv(dataDir), SEED_DEMO: seed },
    })
    const ready = await waitForLog(child, /is serving on/)
    const port = Number(ready.port)
    expect(port).toBeGreaterThan(0)
    const response = await fetch(`http://127.0.0.1:${port}/healthz`)
    expect(response.status).toBe(200)
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(chartCount(dataDir)).toBe(charts)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
})
