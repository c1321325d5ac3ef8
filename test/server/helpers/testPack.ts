// Builds a small Sonolus pack of our own for import tests: an engine "sirius" with its skin, background,
// effect and particle, as a pack folder (db.json + repository/) or as a .scp (static tree in a ZIP).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync, zipSync } from 'fflate'

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex')
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

export type TestPack = { files: Map<string, Uint8Array>; db: Record<string, unknown[]> }

export const buildTestPack = (engineName = 'sirius'): TestPack => {
  const files = new Map<string, Uint8Array>()
  const srl = (bytes: Uint8Array) => {
    const hash = sha1(bytes)
    files.set(hash, bytes)
    return { hash, url: `/sonolus/repository/${hash}` }
  }
  const gz = (value: unknown) => srl(gzipSync(new TextEncoder().encode(JSON.stringify(value)), { level: 9 }))
  const text = (en: string) => ({ en })
  const common = (name: string, title: string) => ({
    name,
    title: text(title),
    subtitle: text('Test pack'),
    author: text('Sirius Charts tests'),
    tags: [],
  })
  const thumbnail = srl(PNG)
  return {
    files,
    db: {
      posts: [],
      playlists: [],
      levels: [],
      replays: [],
      skins: [
        {
          ...common('test-skin', 'Test Skin'),
          version: 4,
          thumbnail,
          data: gz({ skin: 1 }),
          texture: srl(PNG),
        },
      ],
      backgrounds: [
        {
          ...common('test-bg', 'Test Background'),
          version: 2,
          thumbnail,
          data: gz({ bg: 1 }),
          image: srl(PNG),
          configuration: gz({ c: 1 }),
        },
      ],
      effects: [
        {
          ...common('test-effect', 'Test Effect'),
          version: 5,
          thumbnail,
          data: gz({ effect: 1 }),
          audio: srl(zipSync({ 'a.txt': new Uint8Array([1]) })),
        },
      ],
      particles: [
        {
          ...common('test-particle', 'Test Particle'),
          version: 3,
          thumbnail,
          data: gz({ particle: 1 }),
          texture: srl(PNG),
        },
      ],
      engines: [
        {
          ...common(engineName, 'Sirius (test build)'),
          version: 13,
          skin: 'test-skin',
          background: 'test-bg',
          effect: 'test-effect',
          particle: 'test-particle',
          thumbnail,
          playData: gz({ play: 1 }),
          watchData: gz({ watch: 1 }),
          previewData: gz({ preview: 1 }),
          tutorialData: gz({ tutorial: 1 }),
          configuration: gz({ options: [] }),
        },
      ],
    },
  }
}

export const writePackFolder = (pack: TestPack, dir: string): string => {
  fs.mkdirSync(path.join(dir, 'repository'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ info: { title: {} }, ...pack.db }))
  for (const [hash, bytes] of pack.files) fs.writeFileSync(path.join(dir, 'repository', hash), bytes)
  return dir
}

/** The same pack as a .scp: served (localized, nested) items under sonolus/, files under sonolus/repository. */
export const writeScp = (pack: TestPack, file: string): string => {
  const en = (value: unknown) => (value as { en: string }).en
  const served = (item: Record<string, unknown>) => ({
    ...item,
    title: en(item.title),
    subtitle: en(item.subtitle),
    author: en(item.author),
  })
  const byName = (type: string, name: string) =>
    served(
      (pack.db[type] as { name: string }[]).find((item) => item.name === name) as Record<string, unknown>,
    )
  const engines = (pack.db.engines as Record<string, unknown>[]).map((engine) => ({
    ...served(engine),
    skin: byName('skins', engine.skin as string),
    background: byName('backgrounds', engine.background as string),
    effect: byName('effects', engine.effect as string),
    particle: byName('particles', engine.particle as string),
  }))
  const entries: Record<string, Uint8Array> = {
    'sonolus/package': new TextEncoder().encode('{}'),
    'sonolus/engines/list': new TextEncoder().encode(JSON.stringify({ pageCount: 1, items: engines })),
  }
  for (const [hash, bytes] of pack.files) entries[`sonolus/repository/${hash}`] = bytes
  fs.writeFileSync(file, zipSync(entries))
  return file
}
