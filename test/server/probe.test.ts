// The parked ffprobe (server/media/probe.ts): it answers exactly as a cold ffprobe does, falls back to
// one when it is missing or dead, and never outlives its use, its idle time or the server's close.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FileCheckError, checkMusic } from '../../server/media/check'
import { Prober, probeFile } from '../../server/media/probe'
import { mp3, wav } from '../fixtures/media/media'
import { tempDir } from './helpers/context'

/** Live processes whose command line mentions `dir` (the parked timeout and ffprobe). */
const processesIn = (dir: string): number[] =>
  fs
    .readdirSync('/proc')
    .filter((name) => /^[0-9]+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir)
      } catch {
        return false
      }
    })
    .map(Number)

/** Those of them that are ffprobe parked on opening its report FIFO. */
const parkedIn = (dir: string): number[] =>
  processesIn(dir).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/wchan`, 'utf8') === 'wait_for_partner'
    } catch {
      return false
    }
  })

/** Waits, up to a bound, for something that happens in another process. */
const eventually = async (condition: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(condition()).toBe(true)
}

const probeFiles = (dir: string) => fs.readdirSync(dir).filter((name) => name.startsWith('probe-'))

describe('parked ffprobe', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })
  const setUp = (dir = tempDir('sirius-probe-'), parkedMs?: number) => {
    const prober = new Prober(dir, parkedMs)
    cleanups.push(async () => {
      await prober.close()
      fs.rmSync(dir, { recursive: true, force: true })
    })
    return { dir, prober }
  }

  it('answers for the finished file exactly as a cold ffprobe does, then is gone', async () => {
    const { dir, prober } = setUp()
    const music = path.join(dir, 'music.mp3')
    fs.writeFileSync(music, mp3(7, 500))
    const noise = path.join(dir, 'noise.wav')
    fs.writeFileSync(noise, wav(2))

    prober.warm()
    expect(await prober.ready()).toBeGreaterThan(0)
    expect(processesIn(dir).length).toBeGreaterThan(0)
    const parked = await prober.probe(music)
    expect(prober.counts).toEqual({ parked: 1, cold: 0 })
    expect(parked).toEqual(await probeFile(music))
    expect(parked?.format?.format_name).toBe('mp3')
    expect(Number(parked?.format?.duration)).toBeCloseTo(7, 0)
    // Nothing of it is left: no process, no FIFO, no input link.
    expect(processesIn(dir)).toEqual([])
    expect(probeFiles(dir)).toEqual([])

    // A WAV is a WAV to the parked prober too, and the music check refuses it.
    prober.warm()
    await prober.ready()
    await expect(checkMusic(noise, (file) => prober.probe(file))).rejects.toThrow(FileCheckError)
    expect(prober.counts.parked).toBe(2)
    prober.warm()
    await prober.ready()
    expect(await prober.probe(noise)).toEqual(await probeFile(noise))
  })

  it('reads a file by its bytes, not a name: junk before a few mp3 frames is no mp3 to either path', async () => {
    const { dir, prober } = setUp()
    const junk = Buffer.concat([
      Buffer.from('not music at all, just text. '.repeat(7000)),
      mp3(2).subarray(-2000),
    ])
    const part = path.join(dir, 'upload.part')
    fs.writeFileSync(part, junk)
    // Named .mp3, ffprobe would take the name as a hint and read these bytes as mp3.
    const named = path.join(dir, 'upload.mp3')
    fs.writeFileSync(named, junk)
    expect((await probeFile(named))?.format?.format_name).toBe('mp3')

    expect((await probeFile(part))?.format?.format_name).toBeUndefined()
    prober.warm()
    await prober.ready()
    expect((await prober.probe(part))?.format?.format_name).toBeUndefined()
    // The parked prober read it (and said no); nothing ran twice.
    expect(prober.counts).toEqual({ parked: 1, cold: 0 })
    prober.warm()
    await prober.ready()
    await expect(checkMusic(named, (file) => prober.probe(file))).rejects.toThrow(FileCheckError)
  })

  it('probes cold when none is parked, or the parked one died', async () => {
    const { dir, prober } = setUp()
    const music = path.join(dir, 'music.mp3')
    fs.writeFileSync(music, mp3(3, 700))
    const expected = await probeFile(music)
    expect(expected?.format?.format_name).toBe('mp3')

    expect(await prober.probe(music)).toEqual(expected)
    expect(prober.counts).toEqual({ parked: 0, cold: 1 })

    prober.warm()
    expect(await prober.ready()).toBeDefined()
    // Until none is left: timeout may be forking ffprobe while its listing is read.
    await eventually(() => {
      for (const pid of processesIn(dir)) process.kill(pid, 'SIGKILL')
      return processesIn(dir).length === 0
    })
    expect(await prober.probe(music)).toEqual(expected)
    expect(prober.counts).toEqual({ parked: 0, cold: 2 })
    await eventually(() => probeFiles(dir).length === 0)
  })

  it('stops a prober nobody used, and any prober when closed', async () => {
    const { dir, prober } = setUp(undefined, 300)
    prober.warm()
    expect(await prober.ready()).toBeDefined()
    await eventually(() => processesIn(dir).length === 0 && probeFiles(dir).length === 0)
    expect(await prober.ready()).toBeUndefined()

    prober.warm()
    expect(await prober.ready()).toBeDefined()
    await prober.close()
    expect(processesIn(dir)).toEqual([])
    expect(probeFiles(dir)).toEqual([])
    // Closed: no more probers, but checks still run (cold).
    prober.warm()
    expect(await prober.ready()).toBeUndefined()
    const music = path.join(dir, 'music.mp3')
    fs.writeFileSync(music, mp3(2))
    expect((await prober.probe(music))?.format?.format_name).toBe('mp3')
  })

  it('releases the probers that a killed process left parked', async () => {
    const dir = tempDir('sirius-probe-')
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/parkProber.ts', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await Promise.race([
      once(child.stdout!, 'data'),
      once(child, 'exit').then(() => expect.fail('the parking process ended early')),
    ])
    // Parked for real (blocked opening its FIFO), not still loading: a release before that would leave
    // ffprobe to make a plain file of the FIFO's name.
    await eventually(() => parkedIn(dir).length === 1)
    child.kill('SIGKILL')
    await once(child, 'exit')
    // Its ffprobe is an orphan now, parked on its FIFO.
    expect(processesIn(dir).length).toBeGreaterThan(0)
    expect(probeFiles(dir).some((name) => name.endsWith('.fifo'))).toBe(true)
    setUp(dir)
    await eventually(() => processesIn(dir).length === 0)
    expect(probeFiles(dir).filter((name) => name.endsWith('.fifo'))).toEqual([])
  })

  it('parks nothing in a folder whose name ffprobe’s report option cannot take', async () => {
    const base = tempDir('sirius-probe-')
    const dir = path.join(base, 'a:b')
    fs.mkdirSync(dir)
    const { prober } = setUp(dir)
    prober.warm()
    expect(await prober.ready()).toBeUndefined()
    const music = path.join(dir, 'music.mp3')
    fs.writeFileSync(music, mp3(2))
    expect((await prober.probe(music))?.format?.format_name).toBe('mp3')
    expect(prober.counts).toEqual({ parked: 0, cold: 1 })
    fs.rmSync(base, { recursive: true, force: true })
  })
})
