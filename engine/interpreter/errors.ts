// What the interpreter refuses, and where: the app would misbehave (or stop) on the same engine data, so
// every refusal names the callback, the entity and the frame it happened in.

export type Where = { mode: string; callback?: string; entity?: number; archetype?: string; frame?: number }

export class EngineRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly where: Where,
  ) {
    super(`${reason} (${describe(where)})`)
    this.name = 'EngineRefusal'
  }
}

const describe = (where: Where): string =>
  [
    `${where.mode} mode`,
    where.callback && `callback ${where.callback}`,
    where.entity !== undefined && `entity ${where.entity}${where.archetype ? ` (${where.archetype})` : ''}`,
    where.frame !== undefined && `frame ${where.frame}`,
  ]
    .filter(Boolean)
    .join(', ')
