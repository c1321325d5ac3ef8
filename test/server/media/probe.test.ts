// ffprobe on a finished file (server/media/probe.ts): what it reports for music, for other bytes, and why
// the stored file is probed by a name without an extension.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FileCheckError, checkMusic } from '../../../server/media/check'
import { probeFile } from '../../../server/media/probe'
import { mp3, wav } from '../../fixtures/media/media'
import { tempDir } from '../helpers/context'

describe('ffprobe', () => {
  it('reports an mp3 stream and its duration, and a wav as what it is', async () => {
    const dir = tempDir()
    const music = path.join(dir, 'music')
    fs.writeFileSync(music, mp3(2))
    const probe = await probeFile(music)
    expect(probe?.format?.format_name).toBe('mp3')
    expect(probe?.streams?.[0]?.codec_name).toBe('mp3')
    expect(Number(probe?.format?.duration)).toBeGreaterThan(1.9)
    const noise = path.join(dir, 'noise')
    fs.writeFileSync(noise, wav(1))
    expect((await probeFile(noise))?.format?.format_name).toBe('wav')
    await expect(checkMusic(noise)).rejects.toThrow(FileCheckError)
  })

  it('reads a file by its bytes, not a name: junk before a few mp3 frames is no mp3 without the hint', async () => {
    const dir = tempDir()
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
    await expect(checkMusic(part)).rejects.toThrow(FileCheckError)
  })

  it('answers undefined for a file that is not there', async () => {
    expect(await probeFile(path.join(tempDir(), 'missing'))).toBeUndefined()
  })
})
