// The line CI reads (.ci/summary.mjs): "N passed, N failed, N skipped" from the runners' reports and the
// steps' outcomes, and a non-zero exit when anything failed.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/context'

const SUMMARY = path.resolve(import.meta.dirname, '../../../.ci/summary.mjs')
const dirs: string[] = []

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const vitestReport = (suites: { status: string; tests: string[] }[]) => {
  const tests = suites.flatMap((suite) => suite.tests)
  return {
    numPassedTests: tests.filter((status) => status === 'passed').length,
    numFailedTests: tests.filter((status) => status === 'failed').length,
    numPendingTests: tests.filter((status) => status === 'skipped').length,
    numTodoTests: 0,
    testResults: suites.map((suite) => ({
      status: suite.status,
      assertionResults: suite.tests.map((status) => ({ status })),
    })),
  }
}

const playwrightReport = { stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 }, errors: [] }

const summarise = (steps: Record<string, string>, unit: object) => {
  const dir = tempDir('sirius-summary-')
  dirs.push(dir)
  fs.mkdirSync(path.join(dir, 'test-results'))
  const write = (name: string, value: object) =>
    fs.writeFileSync(path.join(dir, 'test-results', name), JSON.stringify(value))
  write('steps.json', steps)
  write('unit.json', unit)
  write('e2e.json', playwrightReport)
  const run = spawnSync(process.execPath, [SUMMARY], { cwd: dir, encoding: 'utf8' })
  return { status: run.status, lines: run.stdout.trim().split('\n') }
}

describe('the CI summary line', () => {
  it('counts every test, and exits 0 when all passed', () => {
    const result = summarise(
      { lint: 'passed', unit: 'passed', e2e: 'passed' },
      vitestReport([{ status: 'passed', tests: ['passed', 'passed', 'skipped'] }]),
    )
    expect(result.lines.at(-1)).toBe('5 passed, 0 failed, 1 skipped')
    expect(result.status).toBe(0)
  })

  it("counts a failed step with no failing test in its report, as when a suite's setup failed and its tests were skipped", () => {
    const result = summarise(
      { lint: 'passed', unit: 'failed', e2e: 'passed' },
      vitestReport([
        { status: 'passed', tests: ['passed', 'passed'] },
        { status: 'failed', tests: ['passed', 'skipped', 'skipped'] },
      ]),
    )
    expect(result.lines).toContain('step failed: unit, with no failing test in its report')
    expect(result.lines.at(-1)).toBe('6 passed, 1 failed, 2 skipped')
    expect(result.status).toBe(1)
  })

  it('counts a failing test once, not again for its step', () => {
    const result = summarise(
      { lint: 'failed', unit: 'failed', e2e: 'passed' },
      vitestReport([{ status: 'failed', tests: ['passed', 'failed'] }]),
    )
    expect(result.lines).toContain('step failed: lint')
    expect(result.lines.at(-1)).toBe('4 passed, 2 failed, 0 skipped')
    expect(result.status).toBe(1)
  })
})
