// Engines, skins, backgrounds, effects and particles as the app sees them: free-pack defaults and our own
// Sirius engine, with the operator's imported items on top, localized per request, nested items embedded
// (docs/protocol.md §13). Every level embeds the engine, so its serialized JSON is cached per locale
// (docs/protocol.md §14).
import {
  type BackgroundItem,
  type DatabaseEngineItem,
  type EffectItem,
  type EngineItem,
  type ParticleItem,
  type SkinItem,
} from '@sonolus/core'
import { textIn as localize } from '../../common/locales.js'
import { setBounded } from '../bounded.js'
import { type Repositories } from '../db/repositories/index.js'
import { FREE_PACK, readFreePack } from './freePack.js'
import { type AnyDatabaseItem, type DatabaseItemOf, PACK_ITEM_TYPES, type PackItemType } from './types.js'

export type ServedItemOf = {
  engine: EngineItem
  skin: SkinItem
  background: BackgroundItem
  effect: EffectItem
  particle: ParticleItem
}

const FALLBACK_LOCALE = 'en'
/** Languages whose engine JSON is kept: a request may name any language. */
const ENGINE_LOCALES_KEPT = 64
export const PACKS_UPDATED_KEY = 'packs_updated'

export class PackCatalog {
  private items = new Map<PackItemType, Map<string, AnyDatabaseItem>>()
  private engineCache = new Map<string, { item: EngineItem; json: string }>()
  private loadedStamp: string | undefined

  constructor(
    private readonly repos: Repositories,
    private readonly publicUrl: string,
    /** The engine ENGINE_NAME asks for. */
    readonly configuredEngine: string,
    /** Ours, always there: levels use it when the configured engine is not installed. */
    private readonly builtIn: DatabaseEngineItem,
  ) {}

  /** Loads free-pack and the imported items; call again after an import. */
  async reload(): Promise<void> {
    this.loadedStamp = await this.repos.meta.get(PACKS_UPDATED_KEY)
    const next = new Map<PackItemType, Map<string, AnyDatabaseItem>>()
    for (const type of PACK_ITEM_TYPES) next.set(type, new Map())
    for (const [type, list] of readFreePack()) for (const item of list) next.get(type)!.set(item.name, item)
    next.get('engine')!.set(this.builtIn.name, this.builtIn)
    for (const row of await this.repos.packItems.list()) {
      next.get(row.type as PackItemType)?.set(row.name, JSON.parse(row.item) as AnyDatabaseItem)
    }
    this.items = next
    this.engineCache.clear()
  }

  /** Reloads when another process imported a pack since the last load (checked by a timer in the app). */
  async reloadIfChanged(): Promise<boolean> {
    if ((await this.repos.meta.get(PACKS_UPDATED_KEY)) === this.loadedStamp) return false
    await this.reload()
    return true
  }

  /** True when the engine ENGINE_NAME asks for is there (ours always is). */
  get configuredEngineInstalled(): boolean {
    return this.items.get('engine')?.has(this.configuredEngine) ?? false
  }

  /** The engine every level names: the configured one, or ours when that is not installed. */
  get engineName(): string {
    return this.configuredEngineInstalled ? this.configuredEngine : this.builtIn.name
  }

  names(type: PackItemType): string[] {
    return [...(this.items.get(type)?.keys() ?? [])]
  }

  has(type: PackItemType, name: string): boolean {
    return this.items.get(type)?.has(name) ?? false
  }

  private raw<T extends PackItemType>(type: T, name: string): DatabaseItemOf[T] | undefined {
    return this.items.get(type)?.get(name) as DatabaseItemOf[T] | undefined
  }

  /** One item as served: localized, with `source`, related items embedded. */
  item<T extends PackItemType>(type: T, name: string, locale: string): ServedItemOf[T] | undefined {
    const raw = this.raw(type, name)
    if (!raw) return undefined
    const text = (value: Record<string, string> | undefined) =>
      value ? localize(value, locale, FALLBACK_LOCALE) : ''
    const { description: _description, ...rest } = raw as AnyDatabaseItem & { description?: unknown }
    const base = {
      ...rest,
      source: this.publicUrl,
      title: text(raw.title),
      subtitle: text(raw.subtitle),
      author: text(raw.author),
      tags: raw.tags.map((tag) => ({ title: text(tag.title), ...(tag.icon ? { icon: tag.icon } : {}) })),
    }
    if (type !== 'engine') return base as unknown as ServedItemOf[T]
    const engine = raw as DatabaseItemOf['engine']
    const part = <P extends Exclude<PackItemType, 'engine'>>(
      partType: P,
      partName: string,
      fallback: string,
    ) => (this.item(partType, partName, locale) ?? this.item(partType, fallback, locale))!
    return {
      ...base,
      skin: part('skin', engine.skin, FREE_PACK.skin),
      background: part('background', engine.background, FREE_PACK.background),
      effect: part('effect', engine.effect, FREE_PACK.effect),
      particle: part('particle', engine.particle, FREE_PACK.particle),
    } as unknown as ServedItemOf[T]
  }

  /** The item description (pack items may carry one). */
  description(type: PackItemType, name: string, locale: string): string | undefined {
    const raw = this.raw(type, name) as { description?: Record<string, string> } | undefined
    return raw?.description ? localize(raw.description, locale, FALLBACK_LOCALE) : undefined
  }

  /** The engine every level embeds, and its JSON, cached per locale. */
  engine(locale: string): { item: EngineItem; json: string } {
    let cached = this.engineCache.get(locale)
    if (!cached) {
      const item = this.item('engine', this.engineName, locale)!
      cached = { item, json: JSON.stringify(item) }
      setBounded(this.engineCache, locale, cached, ENGINE_LOCALES_KEPT)
    }
    return cached
  }
}
