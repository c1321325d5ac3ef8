import {
  type DatabaseBackgroundItem,
  type DatabaseEffectItem,
  type DatabaseEngineItem,
  type DatabaseParticleItem,
  type DatabaseSkinItem,
} from '@sonolus/core'

export const PACK_ITEM_TYPES = ['engine', 'skin', 'background', 'effect', 'particle'] as const
export type PackItemType = (typeof PACK_ITEM_TYPES)[number]

export type DatabaseItemOf = {
  engine: DatabaseEngineItem
  skin: DatabaseSkinItem
  background: DatabaseBackgroundItem
  effect: DatabaseEffectItem
  particle: DatabaseParticleItem
}

export type AnyDatabaseItem = DatabaseItemOf[PackItemType]

/** Protocol path segment of each type. */
export const PLURAL: Record<PackItemType, string> = {
  engine: 'engines',
  skin: 'skins',
  background: 'backgrounds',
  effect: 'effects',
  particle: 'particles',
}

/** Resource fields of each type, with the content type their files have (docs/protocol.md §12.3). */
export const RESOURCES: Record<PackItemType, Record<string, string>> = {
  engine: {
    thumbnail: 'image/png',
    playData: 'application/gzip',
    watchData: 'application/gzip',
    previewData: 'application/gzip',
    tutorialData: 'application/gzip',
    rom: 'application/gzip',
    configuration: 'application/gzip',
  },
  skin: { thumbnail: 'image/png', data: 'application/gzip', texture: 'image/png' },
  background: {
    thumbnail: 'image/png',
    data: 'application/gzip',
    image: 'image/png',
    configuration: 'application/gzip',
  },
  effect: { thumbnail: 'image/png', data: 'application/gzip', audio: 'application/zip' },
  particle: { thumbnail: 'image/png', data: 'application/gzip', texture: 'image/png' },
}
