// People's data against the real server: a player with a record and a comment downloads their archive
// (its contents read), then deletes their account: their session ends, their comment shows as from
// "Deleted user", their record leaves the leaderboard. With PG_URL, two instances share one PostgreSQL
// database: the session, signed in on both, ends on the second the moment the first deletes the account.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import pg from 'pg'
import { type APIRequestContext, type Page, expect } from '@playwright/test'
import { test } from './test'
import { testPublicKeyEnv } from '../fixtures/keys/sign'
import { logIn, sessionOf } from './login'
import { playAsApp } from './playing'

const chartNamed = async (request: APIRequestContext, title: string) => {
  const list = await (await request.get(`/sonolus/levels/list?keywords=${encodeURIComponent(title)}`)).json()
  return (list.items as { name: string; title: string }[]).find((item) => item.title === title)!.name
}

const deleteAccount = async (page: Page, handle: string, origin = '') => {
  await page.goto(`${origin}/settings/sonolus`)
  const card = page.getByTestId('your-data')
  await card.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await expect(dialog.getByRole('radio', { name: /Delete my charts/ })).toBeChecked()
  await dialog.getByRole('textbox', { name: `Type your handle (#${handle}) to confirm` }).fill(`#${handle}`)
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(page.getByText('Your account was deleted')).toBeVisible()
}

test('a player downloads their archive, then deletes their account: comments stay as "Deleted user", the record goes', async ({
  page,
  request,
}) => {
  const person = { id: 'e2e-leaver', handle: '999070', name: 'Leaving Player' }
  await logIn(page, person)
  const session = await sessionOf(page)
  const name = await chartNamed(request, 'Starlight Overture')
  const level = (await (await request.get(`/sonolus/levels/${name}`)).json()).item
  await playAsApp(request, session, level, 48, 976_543)
  const commented = await request.post(`/sonolus/levels/${name}/community/submit`, {
    headers: { authorization: session },
    data: { values: `type=comment&comment=${encodeURIComponent('Goodbye from the leaver')}` },
  })
  expect(commented.status()).toBe(200)
  const board = async () =>
    JSON.stringify(
      await (await request.get(`/sonolus/levels/${name}/leaderboards/arcScore/records/list`)).json(),
    )
  expect(await board()).toContain('Leaving Player')

  // The archive: a download of a zip holding what is theirs.
  await page.goto('/settings/sonolus')
  const downloading = page.waitForEvent('download')
  await page.getByTestId('your-data').getByRole('button', { name: 'Download my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^sirius-charts-999070-\d{4}-\d\d-\d\d\.zip$/)
  const files = unzipSync(fs.readFileSync((await download.path())!))
  const json = (file: string) => JSON.parse(Buffer.from(files[file]).toString('utf8'))
  expect(json('account.json').profile).toMatchObject({
    id: person.id,
    handle: person.handle,
    name: person.name,
  })
  expect(json('comments.json')).toEqual([expect.objectContaining({ content: 'Goodbye from the leaver' })])
  expect(json('results.json')).toEqual([expect.objectContaining({ arcadeScore: 976_543 })])
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['README.txt', 'likes.json', 'playlists.json', 'follows.json']),
  )

  await deleteAccount(page, person.handle)
  // Signed out: the page offers a login again, and the old session is nobody's.
  await expect(page.getByRole('link', { name: 'Open in Sonolus' })).toBeVisible()
  expect(
    await (await request.get('/sonolus/user/mine', { headers: { authorization: session } })).json(),
  ).toEqual({
    code: 401,
  })
  // The record left the leaderboard; the comment stays, from "Deleted user".
  expect(await board()).not.toContain('Leaving Player')
  await page.goto(`/chart/${name.replace(/^wbs-/, '')}/info`)
  const comment = page.getByTestId('comment').filter({ hasText: 'Goodbye from the leaver' })
  await expect(comment).toBeVisible()
  await expect(comment).toContainText('Deleted user')
  await expect(comment).not.toContainText('Leaving Player')
})

// Defined only with PG_URL (CI sets it), as the server's PostgreSQL suites are.
const describeOnPostgres = process.env.PG_URL ? test.describe : () => undefined

describeOnPostgres('two instances on PostgreSQL', () => {
  const database = `e2e_account_${process.pid}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-e2e-pg-'))
  const ports = [4191, 4192]
  const origins = ports.map((port) => `http://127.0.0.1:${port}`)
  const servers: ChildProcess[] = []
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.PG_URL })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    await admin(`drop database if exists "${database}"`)
    await admin(`create database "${database}"`)
    const url = new URL(process.env.PG_URL!)
    url.pathname = `/${database}`
    const root = path.resolve(import.meta.dirname, '../..')
    for (const [i, port] of ports.entries()) {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
        cwd: root,
        stdio: 'ignore',
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          DATA_DIR: path.join(dataDir, String(i)),
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: origins[i],
          SKIP_SPA_BUILD: '1',
          STATIC_ROOT: path.join(root, 'dist-e2e'),
          SEED_DEMO: '0',
          SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
          LOG_LEVEL: 'warn',
          LOGIN_ATTEMPTS_PER_MINUTE: '1000',
        },
      })
      servers.push(child)
      // The first instance migrates the new database before the second starts.
      await expect
        .poll(
          () =>
            fetch(`${origins[i]}/healthz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 90_000 },
        )
        .toBe(200)
    }
  })
  test.afterAll(async () => {
    for (const child of servers) child.kill('SIGTERM')
    await Promise.all(servers.map((child) => new Promise((resolve) => child.once('exit', resolve))))
    await admin(`drop database if exists "${database}"`)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('a session signed in on both ends on the second the moment the first deletes the account', async ({
    browser,
  }) => {
    const person = { id: 'e2e-pg-leaver', handle: '999071', name: 'Two Place Player' }
    const context = await browser.newContext()
    const first = await context.newPage()
    await logIn(first, person, origins[0])
    const session = await sessionOf(first)
    // The same session on the second instance (cookies are per host, so the page there has it too).
    const second = await context.newPage()
    await second.goto(`${origins[1]}/settings/sonolus`)
    await expect(second.getByText(`#${person.handle}`)).toBeVisible()
    const mineOnSecond = async () =>
      (await fetch(`${origins[1]}/sonolus/user/mine`, { headers: { authorization: session } })).json()
    expect(await mineOnSecond()).toMatchObject({ code: 200, handle: person.handle })

    await deleteAccount(first, person.handle, origins[0])
    // At once, with no wait: the second instance no longer knows the session.
    expect(await mineOnSecond()).toEqual({ code: 401 })
    await second.reload()
    await expect(second.getByRole('link', { name: 'Open in Sonolus' })).toBeVisible()
    await context.close()
  })
})
