// The files a watch needs, named by the level item as the app reads them: the engine's watch data and
// configuration, the skin (the level's own, else the engine's: data and texture), the effect (data and
// its zip of clips) and the music. Files are fetched by hash from the data base, so the proxy serves them
// too; each read is capped.
import type { EngineConfiguration, LevelItem, ReplayItem } from '@sonolus/core'
import { MAX_UPLOAD_BYTES } from '../../common/rules'
import { readJsonFile } from '../../common/inflate'
import { readZip } from './effectZip'

type Srl = { hash?: string | null }

/** A watch that cannot go on, with the message key the player shows. */
export class WatchFailure extends Error {
  constructor(
    readonly key: string,
    detail: string,
  ) {
    super(detail)
    this.name = 'WatchFailure'
  }
}

type Coefficients = Partial<Record<'x1' | 'y1' | 'x2' | 'y2' | 'x3' | 'y3' | 'x4' | 'y4', number>>
/** A skin's data (the Sonolus skin format): each sprite's rectangle of the texture and its transform. */
export type SkinSprite = {
  name: string
  x: number
  y: number
  w: number
  h: number
  transform: Partial<Record<keyof Coefficients, Coefficients>>
}
export type SkinData = { width: number; height: number; interpolation: boolean; sprites: SkinSprite[] }
/** Effect zips and skin data are small in every real pack; these stop a hostile one from filling memory. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024
const MAX_JSON_BYTES = 16 * 1024 * 1024

export const fetchBytes = async (url: string, signal?: AbortSignal): Promise<Uint8Array> => {
  const response = await fetch(url, { signal })
  if (!response.ok) throw new WatchFailure('watch.fetch_failed', `${url}: ${response.status}`)
  const length = Number(response.headers.get('content-length') ?? 0)
  if (length > MAX_UPLOAD_BYTES) throw new WatchFailure('watch.fetch_failed', `${url}: too large`)
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (bytes.length > MAX_UPLOAD_BYTES) throw new WatchFailure('watch.fetch_failed', `${url}: too large`)
  return bytes
}

const jsonOfBytes = <T>(bytes: Uint8Array): T => readJsonFile(bytes, MAX_JSON_BYTES) as T

export type EngineFiles = {
  configuration: EngineConfiguration
  watchData: Uint8Array
  skin: SkinData
  texture: ImageBitmap
  /** Each clip's encoded bytes by name (decoded when the audio starts). */
  clips: Map<string, Uint8Array>
}

const fileUrl = (dataBase: string, srl: Srl) => {
  if (!srl.hash) throw new WatchFailure('watch.fetch_failed', 'a file without a hash')
  return `${dataBase}${srl.hash}`
}

/** The engine's side of a level item: what any level of this engine is watched with. */
export const fetchEngineFiles = async (
  item: Pick<LevelItem, 'engine' | 'useSkin' | 'useEffect'>,
  dataBase: string,
  signal?: AbortSignal,
): Promise<EngineFiles> => {
  const engine = item.engine
  const skinItem = (item.useSkin.useDefault ? undefined : item.useSkin.item) ?? engine.skin
  const effectItem = (item.useEffect.useDefault ? undefined : item.useEffect.item) ?? engine.effect
  const get = (srl: Srl) => fetchBytes(fileUrl(dataBase, srl), signal)
  const [configuration, watchData, skin, texture, effect] = await Promise.all([
    get(engine.configuration).then((bytes) => jsonOfBytes<EngineConfiguration>(bytes)),
    get(engine.watchData),
    get(skinItem.data)
      .then((bytes) => jsonOfBytes<SkinData>(bytes))
      .catch(skinFailure),
    get(skinItem.texture)
      .then((bytes) => createImageBitmap(new Blob([bytes as BlobPart], { type: 'image/png' })))
      .catch(skinFailure),
    Promise.all([get(effectItem.data), get(effectItem.audio)]).then(
      ([data, audio]) => ({ data, audio }),
      () => undefined,
    ),
  ])
  if (!Array.isArray(skin?.sprites)) skinFailure(new Error('the skin data has no sprites'))
  return {
    configuration,
    watchData,
    skin,
    texture,
    clips: effect ? clipsOf(effect.data, effect.audio) : new Map(),
  }
}

const skinFailure = (error: unknown): never => {
  if (error instanceof DOMException && error.name === 'AbortError') throw error
  throw new WatchFailure('watch.skin_missing', (error as Error).message)
}

/** The effect's clips: its data names a file of the zip for each clip. A broken effect plays no sounds. */
const clipsOf = (data: Uint8Array, audio: Uint8Array): Map<string, Uint8Array> => {
  try {
    const { clips } = jsonOfBytes<{ clips: { name: string; filename: string }[] }>(data)
    const files = readZip(audio, MAX_UNPACKED_BYTES)
    const out = new Map<string, Uint8Array>()
    for (const clip of clips) {
      const file = files.get(clip.filename)
      if (file) out.set(clip.name, file)
    }
    return out
  } catch {
    return new Map()
  }
}

/** A record's replay data, from its replay item. */
export const fetchReplay = async (
  sonolusBase: string,
  dataBase: string,
  name: string,
  signal?: AbortSignal,
): Promise<{ bytes: Uint8Array; title: string }> => {
  const response = await fetch(`${sonolusBase}/replays/${encodeURIComponent(name)}`, { signal })
  if (!response.ok) throw new WatchFailure('watch.replay_refused', `replay ${name}: ${response.status}`)
  const { item } = (await response.json()) as { item: ReplayItem }
  return { bytes: await fetchBytes(fileUrl(dataBase, item.data), signal), title: item.title }
}

/** The engine's options at their defaults, with note speed and mirror as the player sets them. */
export const optionsFor = (
  configuration: EngineConfiguration,
  changes: { noteSpeed?: number; mirror?: boolean },
): number[] =>
  configuration.options.map((option) => {
    if (option.name === '#NOTE_SPEED' && changes.noteSpeed !== undefined && option.type === 'slider')
      return Math.min(Math.max(changes.noteSpeed, option.min), option.max)
    if (option.name === '#MIRROR' && changes.mirror !== undefined) return changes.mirror ? 1 : 0
    return option.def
  })

/** The note speed slider's range, when the engine has one. */
export const noteSpeedOption = (configuration: EngineConfiguration) => {
  const option = configuration.options.find((candidate) => candidate.name === '#NOTE_SPEED')
  return option?.type === 'slider' ? option : undefined
}
export const hasMirror = (configuration: EngineConfiguration) =>
  configuration.options.some((option) => option.name === '#MIRROR')
