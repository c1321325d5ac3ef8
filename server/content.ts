// Site content the SPA fetches besides the Sonolus API (docs/spec.md §7): the docs, `{docsUrl}/{locale}/{type}.md`,
// and the master data, `{master data base}/splitLine.html` and `/splitLine.json`. Both are folders the
// operator may replace (DOCS_DIR, MASTER_DATA_DIR). Only the named files are served: no path from the
// request ever reaches the file system.
import { AnyQuery, DocParams, MasterParams } from '../common/api/schemas/content.js'
import fs from 'node:fs/promises'
import path from 'node:path'
import { DOC_TYPES } from '../common/api/content.js'
import { UI_LOCALES } from '../common/locales.js'
import { BPM_MIN, CHART_LIMITS } from '../common/rules.js'
import { type Config } from './config.js'
import { type AppContext } from './context.js'
import { HttpError } from './http/errors.js'
import { type App } from './http/types.js'

const MASTER_FILES: Record<string, string> = {
  'splitLine.html': 'text/html; charset=utf-8',
  'splitLine.json': 'application/json; charset=utf-8',
}

const notFound = (what: string) => new HttpError(404, 'not_found', `No ${what}`)

const readOr404 = async (file: string, what: string): Promise<Buffer> => {
  try {
    return await fs.readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(what)
    throw error
  }
}

/** The numbers the docs quote ({{name}} in the markdown): the chart limits from common/rules.ts and this
 *  server's configured quotas, so the page always says what the server enforces. */
export const docValues = (config: Config): Record<string, string> => {
  const number = (value: number) => value.toLocaleString('en-US')
  const values: Record<string, string> = {
    'chart.levelDataMB': String(CHART_LIMITS.levelDataBytes / 1024 / 1024),
    'chart.bpmMin': String(BPM_MIN),
    'work.timeoutS': String(Math.round(config.limits.workTimeoutMs / 1000)),
    'rate.perMinute': number(config.limits.ratePerMinute),
    'rate.strictPerMinute': number(config.limits.strictRatePerMinute),
    'upload.sessionsPerUser': number(config.limits.uploadSessionsPerUser),
  }
  for (const [name, value] of Object.entries(CHART_LIMITS)) values[`chart.${name}`] ??= number(value)
  return values
}

const fillValues = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{([a-zA-Z.]+)\}\}/g, (whole, name: string) => values[name] ?? whole)

export const registerContent = (app: App, ctx: AppContext): void => {
  const values = docValues(ctx.config)
  app.get(
    '/content/docs/:locale/:file',
    { schema: { params: DocParams, querystring: AnyQuery } },
    async (request, reply) => {
      const { locale, file } = request.params
      const type = file.replace(/\.md$/, '')
      if (
        !(UI_LOCALES as readonly string[]).includes(locale) ||
        !(DOC_TYPES as readonly string[]).includes(type) ||
        !file.endsWith('.md')
      )
        throw notFound(`document ${locale}/${file}`)
      const body = await readOr404(
        path.join(ctx.config.docsDir, locale, `${type}.md`),
        `document ${locale}/${file}`,
      )
      return reply
        .header('cache-control', 'no-cache')
        .type('text/markdown; charset=utf-8')
        .send(fillValues(body.toString('utf8'), values))
    },
  )

  // Text and HTML; the JSON table is the repository's own file, sent as it is.
  app.get(
    '/content/master/:file',
    { schema: { params: MasterParams, querystring: AnyQuery } },
    async (request, reply) => {
      const { file } = request.params
      const type = MASTER_FILES[file]
      if (!type) throw notFound(`master data ${file}`)
      const body = await readOr404(path.join(ctx.config.masterDataDir, file), `master data ${file}`)
      // The fragment is shown inside a sandboxed frame; opened on its own it still runs nothing.
      if (file.endsWith('.html'))
        reply.header(
          'content-security-policy',
          "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
        )
      return reply.header('cache-control', 'no-cache').type(type).send(body)
    },
  )
}
