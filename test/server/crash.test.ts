// Crash safety: the real server process is killed with SIGKILL in the middle of a chunked upload
// (mid-chunk, and mid-commit) and in the middle of creates, then started again on the same data folder.
// Afterwards no corrupt row and no half-written file may be visible, and the upload resumes and finishes.
import { type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_CHUNK_BYTES } from '../../common/rules'
import { freePort, signInOverHttp, startServerProcess } from '../fixtures/serverProcess'
import { mp3, png, sha1, sus } from '../fixtures/media/media'
import { tempDir } from './helpers/context'

describe('a server killed with SIGKILL mid-upload and mid-create', () => {
  const dataDir = tempDir('sirius-crash-')
  let port: number
  let origin: string
  let child: ChildProcess | undefined

  const start = async () => {
    child = (await startServerProcess({ port, dataDir })).child
  }
  const kill = async () => {
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    child!.kill('SIGKILL')
    await exited
    child = undefined
  }

  let session: string
  const signIn = () => signInOverHttp(origin, { id: 'crash', handle: '5150', name: 'Crash' })
  const begin = async (bytes: Buffer, kind: string) =>
    (await (
      await fetch(`${origin}/upload/${sha1(bytes)}?size=${bytes.length}&type=${kind}`, {
        headers: { authorization: session },
      })
    ).json()) as { code: number; uploadUrl: string; token: string; received: number }
  const put = (started: { uploadUrl: string; token: string }, bytes: Buffer, at: number) => {
    const end = Math.min(at + UPLOAD_CHUNK_BYTES, bytes.length) - 1
    return fetch(started.uploadUrl, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${started.token}`,
        'content-range': `bytes ${at}-${end}/${bytes.length}`,
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array(bytes.subarray(at, end + 1)),
    })
  }
  const upload = async (bytes: Buffer, kind: string) => {
    const started = await begin(bytes, kind)
    if (started.code === 201) return 201
    let status = 0
    for (let at = started.received; at < bytes.length; at += UPLOAD_CHUNK_BYTES)
      status = (await put(started, bytes, at)).status
    return status
  }

  /** Every stored blob holds exactly the bytes its name says; nothing half-written sits among them. */
  const checkStore = () => {
    const root = path.join(dataDir, 'blobs')
    const names: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.name.startsWith('.')) continue
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else {
          expect(sha1(fs.readFileSync(full)), full).toBe(entry.name)
          names.push(entry.name)
        }
      }
    }
    walk(root)
    return new Set(names)
  }
  /** The database is sound, and every file a chart or a file row names is in the store. */
  const checkDatabase = (stored: Set<string>) => {
    const db = new Database(path.join(dataDir, 'sirius.db'), { readonly: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(db.pragma('foreign_key_check')).toEqual([])
      for (const { hash } of db.prepare('select hash from files').all() as { hash: string }[])
        expect(stored.has(hash), `file row ${hash}`).toBe(true)
      const charts = db
        .prepare('select cover_hash, background_hash, music_hash, sus_hash, data_hash from charts')
        .all() as Record<string, string | null>[]
      for (const chart of charts)
        for (const hash of Object.values(chart))
          if (hash) expect(stored.has(hash), `chart file ${hash}`).toBe(true)
      return charts.length
    } finally {
      db.close()
    }
  }

  beforeAll(async () => {
    port = await freePort()
    origin = `http://127.0.0.1:${port}`
    await start()
    session = await signIn()
  }, 60_000)
  afterAll(async () => {
    if (child) await kill()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('resumes an upload killed mid-chunk and mid-commit, with nothing half-written visible', async () => {
    const file = mp3(120, 523) // about 2.9 MB: nine chunks
    const started = await begin(file, 'music')
    for (let at = 0; at < 3 * UPLOAD_CHUNK_BYTES; at += UPLOAD_CHUNK_BYTES)
      expect((await put(started, file, at)).status).toBe(200)

    // Kill while the fourth chunk is half-way through its body.
    const socket = net.connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    const at = 3 * UPLOAD_CHUNK_BYTES
    socket.write(
      `PUT ${new URL(started.uploadUrl).pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${started.token}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Range: bytes ${at}-${at + UPLOAD_CHUNK_BYTES - 1}/${file.length}\r\n` +
        `Content-Length: ${UPLOAD_CHUNK_BYTES}\r\n\r\n`,
    )
    socket.write(file.subarray(at, at + 100_000))
    await new Promise((resolve) => setTimeout(resolve, 100))
    await kill()
    socket.destroy()
    await start()
    checkDatabase(checkStore())

    // It resumes from the three chunks the server holds, and is killed again during the commit.
    const resumed = await begin(file, 'music')
    expect(resumed.code).toBe(200)
    expect(resumed.received).toBe(3 * UPLOAD_CHUNK_BYTES)
    for (let next = resumed.received; next + UPLOAD_CHUNK_BYTES < file.length; next += UPLOAD_CHUNK_BYTES)
      expect((await put(resumed, file, next)).status).toBe(200)
    const lastAt = Math.floor((file.length - 1) / UPLOAD_CHUNK_BYTES) * UPLOAD_CHUNK_BYTES
    void put(resumed, file, lastAt).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 15))
    await kill()
    await start()
    const stored = checkStore()
    checkDatabase(stored)

    // Asking again finishes it: stored (by the commit before the kill, or now), exactly once.
    const again = await begin(file, 'music')
    if (again.code === 200) {
      let status = 0
      for (let next = again.received; next < file.length; next += UPLOAD_CHUNK_BYTES)
        status = (await put(again, file, next)).status
      if (again.received < file.length) expect(status).toBe(201)
    }
    expect((await begin(file, 'music')).code).toBe(201)
    expect(checkStore().has(sha1(file))).toBe(true)
  }, 120_000)

  it('leaves whole charts or none when killed during creates', async () => {
    session = await signIn()
    const cover = await png(31, 800)
    const chart = sus(5000)
    const music = mp3(30, 600)
    for (const [bytes, kind] of [
      [cover, 'cover'],
      [chart, 'chart'],
      [music, 'music'],
    ] as const)
      expect([200, 201]).toContain(await upload(bytes, kind))
    const body = JSON.stringify({
      rulesAccepted: true,
      title: 'Crash',
      composer: 'C',
      artists: 'A',
      author: '',
      description: '',
      level: 9,
      isOliver: 0,
      isPublic: 1,
      tags: [],
      coverHash: sha1(cover),
      susHash: sha1(chart),
      musicHash: sha1(music),
    })
    let created = 0
    for (const delay of [5, 40, 120, 250]) {
      const request = fetch(`${origin}/sonolus/levels/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: session },
        body,
      }).then(
        (response) => (response.ok ? 1 : 0),
        () => 0,
      )
      await new Promise((resolve) => setTimeout(resolve, delay))
      await kill()
      created += await request
      await start()
      session = await signIn()
      const charts = checkDatabase(checkStore())
      expect(charts).toBeGreaterThanOrEqual(created)
    }
    // After all that, a create still works and its level is whole.
    const response = await fetch(`${origin}/sonolus/levels/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: session },
      body,
    })
    expect(response.status).toBe(200)
    const { id } = (await response.json()) as { id: string }
    const level = (await (await fetch(`${origin}/sonolus/levels/wbs-${id}`)).json()) as {
      item: { data: { url: string; hash: string } }
    }
    const data = Buffer.from(await (await fetch(`${origin}${level.item.data.url}`)).arrayBuffer())
    expect(sha1(data)).toBe(level.item.data.hash)
    checkDatabase(checkStore())
  }, 120_000)
})
