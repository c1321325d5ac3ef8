// Schemas of the content routes and of the health check (docs/spec.md §2 "Docs", §7).
import { Type } from '@sinclair/typebox'

/** /content/docs/{locale}/{type}.md: unknown locales and types are a 404, as any missing file. */
export const DocParams = Type.Object({
  locale: Type.String({ maxLength: 256 }),
  file: Type.String({ maxLength: 256 }),
})
/** /content/master/{file}: splitLine.html or splitLine.json. */
export const MasterParams = Type.Object({ file: Type.String({ maxLength: 256 }) })
/** The content routes answer text (markdown, html) or the split-line JSON table. */
export const SplitLineTableSchema = Type.Record(Type.String(), Type.Array(Type.String()))
/** Queries these routes do not read (a cache-buster passes). */
export const AnyQuery = Type.Object({})

/** GET /healthz: ok (busy while shedding load) or unavailable (the database did not answer); the load. */
export const HealthResponseSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  busy: Type.Optional(Type.Boolean()),
  eventLoopDelayMs: Type.Optional(Type.Number()),
  work: Type.Object({ threads: Type.Integer({ minimum: 0 }), queued: Type.Integer({ minimum: 0 }) }),
})
/** /sonolus/repository/{sha1}: anything else is a 404, as a missing file. */
export const RepositoryParams = Type.Object({ hash: Type.String({ maxLength: 64 }) })
