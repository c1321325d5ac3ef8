// common/ is compiled with neither DOM nor Node types (tsconfig.common.json), so that a browser-only or
// Node-only global is a compile error here. These are the few WHATWG globals that both provide, declared
// with just the members common/ uses.

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean })
  decode(input?: Uint8Array, options?: { stream?: boolean }): string
}

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][])
  get(name: string): string | null
  set(name: string, value: string): void
  append(name: string, value: string): void
  toString(): string
}
