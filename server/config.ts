// Long because every variable, its default and its check are listed together, as the README lists them.
// Environment → typed configuration (README.md "Configuration"). Every check names the variable,
// so a bad deployment stops with one line that says what to fix.
import path from 'node:path'
import { type JsonWebKey } from 'node:crypto'
import { DEFAULT_SONOLUS_VERSION } from './sonolusVersion.js'
import { SIRIUS_ENGINE } from '../engine/item.js'
import { codePointLength, hasForbiddenChars } from '../common/text.js'

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`)
    this.name = 'ConfigError'
  }
}

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }

export type S3Config = {
  bucket: string
  endpoint: string | undefined
  region: string
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  prefix: string
  /** Reported as drive.total; 0 means no quota is configured. */
  quotaBytes: number
}

export type GitOverrides = {
  owner?: string
  repo?: string
  branch?: string
  commit?: string
  commitMessage?: string
}

/** Prometheus metrics on a port of their own (off unless METRICS_PORT is set). */
export type MetricsConfig = {
  /** METRICS_PORT: where /metrics is served; 0 picks a free port (tests). */
  port: number
  /** METRICS_HOST: the address it binds, loopback unless the operator says otherwise. */
  host: string
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | undefined
}

export type Config = {
  port: number
  host: string
  metrics: MetricsConfig | undefined
  publicUrl: string
  dataDir: string
  database: DatabaseConfig
  s3: S3Config | undefined
  siteTitle: string
  /** SONOLUS_VERSION: the Sonolus-Version header on every response (server/sonolusVersion.ts). */
  sonolusVersion: string
  adminHandles: string[]
  /** TAKEDOWN_CONTACT: where rights holders reach the operator, shown on /docs/takedown; null when unset. */
  takedownContact: string | null
  /** undefined = the real Sonolus key from @sonolus/core. */
  sonolusPublicKey: JsonWebKey | undefined
  seedDemo: boolean
  /** Check every JSON answer against its route's response schema (the test suites; a mismatch is a 500). */
  checkResponses: boolean
  staticRoot: string
  /** The docs served at /content/docs/{locale}/{type}.md (DOCS_DIR, default docs/). */
  docsDir: string
  /** splitLine.html and splitLine.json, served at /content/master/ (MASTER_DATA_DIR, default master-data/). */
  masterDataDir: string
  /** Origins whose pages may call the API (CORS_ORIGINS), e.g. the China proxy's SPA. */
  corsOrigins: string[]
  /** The engine that levels use (ENGINE_NAME): ours by default, or an imported one. */
  engineName: string
  logLevel: string
  git: GitOverrides
  /** Fastify's trustProxy (TRUST_PROXY): false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[]
  limits: Limits
}

/** Bounds on what one client may hold or cost; each is an environment variable. */
export type Limits = {
  /** REQUEST_TIMEOUT_MS: a whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number
  /** CONNECTION_TIMEOUT_MS: an idle socket is closed after this. */
  connectionTimeoutMs: number
  /** MAX_CONNECTIONS: open connections at most, per instance. */
  maxConnections: number
  /** CONNECTIONS_PER_ADDRESS: open connections one address may hold (a trusted proxy is not capped). */
  connectionsPerAddress: number
  /** REQUESTS_IN_FLIGHT_PER_CLIENT: requests one address, and one user, may have in flight at once. */
  requestsInFlightPerClient: number
  /** BODY_BUFFER_PER_ADDRESS_MB, BODY_BUFFER_TOTAL_MB: request bodies held in memory while they arrive,
   *  per address and in all. */
  bodyBytesPerAddress: number
  bodyBytesTotal: number
  /** RESULTS_PER_CHART_PER_HOUR: results one user may record on one chart in an hour. */
  resultsPerChartPerHour: number
  /** UPLOAD_CHUNK_TIMEOUT_MS: one upload chunk's body must arrive within this. */
  chunkTimeoutMs: number
  /** UPLOAD_SESSIONS_PER_USER: unfinished uploads one user may hold. */
  uploadSessionsPerUser: number
  /** MAX_EVENT_LOOP_DELAY_MS: above this lag, new requests get 503 server_busy (0 turns it off). */
  maxEventLoopDelayMs: number
  /** RATE_LIMIT_PER_MINUTE: requests per client (user, else address) per minute, per instance. */
  ratePerMinute: number
  /** RATE_LIMIT_STRICT_PER_MINUTE: uploads, creates, results, searches and sign-ins per client per
   *  minute, counted in the database so every instance shares the count. */
  strictRatePerMinute: number
  /** LOGIN_ATTEMPTS_PER_MINUTE: web logins started per address per minute (every instance's together). */
  loginAttemptsPerMinute: number
  /** WORK_THREADS, WORK_TIMEOUT_MS, WORK_MEMORY_MB, WORK_QUEUE: the chart worker pool. */
  workThreads: number
  workTimeoutMs: number
  workMemoryMb: number
  workQueue: number
  /** SESSION_CACHE_MS: how long a resolved session is kept; 0 keeps none. */
  sessionCacheMs: number
  /** RESPONSE_CACHE_MS, RESPONSE_CACHE_ENTRIES, RESPONSE_CACHE_MB: the shared answers kept: how
   *  long, how many, what weight. */
  responseCacheMs: number
  responseCacheEntries: number
  responseCacheBytes: number
}

type Env = Record<string, string | undefined>

const read = (env: Env, name: string): string | undefined => {
  const value = env[name]
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

const parseSonolusVersion = (env: Env): string => {
  const value = read(env, 'SONOLUS_VERSION') ?? DEFAULT_SONOLUS_VERSION
  if (!/^\d{1,4}\.\d{1,4}\.\d{1,4}$/.test(value))
    throw new ConfigError('SONOLUS_VERSION', `expected a version such as 1.1.3, got "${value}"`)
  return value
}

const parsePort = (env: Env, name: string, fallback: number): number => {
  const raw = read(env, name)
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(name, `expected a port number from 0 to 65535, got "${raw}"`)
  }
  return Number(raw)
}

const parseBool = (env: Env, name: string, fallback: boolean): boolean => {
  const raw = read(env, name)
  if (raw === undefined) return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false
  throw new ConfigError(name, `expected 0 or 1, got "${raw}"`)
}

const parsePublicUrl = (env: Env, port: number): string => {
  const raw = read(env, 'PUBLIC_URL')
  if (raw === undefined) return `http://localhost:${port}`
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(
      'PUBLIC_URL',
      `expected an absolute http(s) URL such as https://charts.example.com, got "${raw}"`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('PUBLIC_URL', `expected an http or https URL, got "${raw}"`)
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError('PUBLIC_URL', `must be scheme, host and optional path only, got "${raw}"`)
  }
  // docs/protocol.md §2.1: the address has no trailing slash; the app compares it exactly.
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

const parseDatabase = (env: Env, dataDir: string): DatabaseConfig => {
  const raw = read(env, 'DATABASE_URL')
  if (raw === undefined) return { kind: 'sqlite', file: path.join(dataDir, 'sirius.db') }
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      new URL(raw)
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL')
    }
    return { kind: 'postgres', url: raw }
  }
  const sqlite = /^(?:sqlite|file):(?:\/\/)?(.+)$/i.exec(raw)
  if (sqlite) {
    const file = sqlite[1]
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) }
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]
  throw new ConfigError(
    'DATABASE_URL',
    `unsupported ${scheme ? `scheme "${scheme}"` : `value "${raw}"`}; use sqlite:PATH or postgres://user@host:port/db`,
  )
}

const parseS3 = (env: Env): S3Config | undefined => {
  const bucket = read(env, 'S3_BUCKET')
  const endpoint = read(env, 'S3_ENDPOINT')
  if (bucket === undefined) {
    if (endpoint !== undefined) throw new ConfigError('S3_BUCKET', 'is required when S3_ENDPOINT is set')
    return undefined
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      'S3_BUCKET',
      `"${bucket}" is not a valid bucket name (3-63 lower-case letters, digits, dots, dashes)`,
    )
  }
  if (endpoint !== undefined) {
    try {
      new URL(endpoint)
    } catch {
      throw new ConfigError('S3_ENDPOINT', `expected a URL such as http://127.0.0.1:9000, got "${endpoint}"`)
    }
  }
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID')
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY')
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(
      accessKeyId === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    )
  }
  const quotaRaw = read(env, 'S3_QUOTA_BYTES')
  if (quotaRaw !== undefined && !/^\d+$/.test(quotaRaw)) {
    throw new ConfigError('S3_QUOTA_BYTES', `expected a whole number of bytes, got "${quotaRaw}"`)
  }
  const prefix = read(env, 'S3_PREFIX') ?? 'blobs/'
  return {
    bucket,
    endpoint,
    region: read(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    prefix: prefix.endsWith('/') ? prefix : `${prefix}/`,
    quotaBytes: quotaRaw === undefined ? 0 : Number(quotaRaw),
  }
}

const parsePublicKey = (env: Env): JsonWebKey | undefined => {
  const raw = read(env, 'SONOLUS_PUBLIC_KEY')
  if (raw === undefined) return undefined
  let key: unknown
  try {
    key = JSON.parse(raw)
  } catch {
    throw new ConfigError('SONOLUS_PUBLIC_KEY', 'expected an EC P-256 public key as a JWK JSON string')
  }
  const jwk = key as Record<string, unknown>
  if (
    typeof key !== 'object' ||
    key === null ||
    jwk.kty !== 'EC' ||
    jwk.crv !== 'P-256' ||
    typeof jwk.x !== 'string' ||
    typeof jwk.y !== 'string'
  ) {
    throw new ConfigError('SONOLUS_PUBLIC_KEY', 'expected {"kty":"EC","crv":"P-256","x":…,"y":…}')
  }
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }
}

const parseOrigins = (env: Env): string[] =>
  (read(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      let url: URL
      try {
        url = new URL(origin)
      } catch {
        throw new ConfigError(
          'CORS_ORIGINS',
          `"${origin}" is not an origin such as https://cn.charts.example.com`,
        )
      }
      if (url.origin !== origin.replace(/\/$/, ''))
        throw new ConfigError('CORS_ORIGINS', `"${origin}" must be an origin only (scheme, host, port)`)
      return url.origin
    })

const parseCount = (
  env: Env,
  name: string,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number => {
  const raw = read(env, name)
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`)
  return Number(raw)
}

const parseTrustProxy = (env: Env): boolean | number | string[] => {
  const raw = read(env, 'TRUST_PROXY')
  if (raw === undefined) return false
  if (['0', 'false', 'off', 'no'].includes(raw.toLowerCase())) return false
  if (['true', 'on', 'yes'].includes(raw.toLowerCase())) return true
  if (/^\d+$/.test(raw)) return Number(raw)
  const list = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of list)
    if (
      !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry) &&
      !['loopback', 'linklocal', 'uniquelocal'].includes(entry)
    )
      throw new ConfigError(
        'TRUST_PROXY',
        `"${entry}" is not an address or CIDR; use off, a hop count, or a list such as 127.0.0.1,10.0.0.0/8`,
      )
  return list
}

const parseLimits = (env: Env): Limits => ({
  requestTimeoutMs: parseCount(env, 'REQUEST_TIMEOUT_MS', 60_000, 1000),
  connectionTimeoutMs: parseCount(env, 'CONNECTION_TIMEOUT_MS', 120_000, 1000),
  maxConnections: parseCount(env, 'MAX_CONNECTIONS', 1024, 1),
  connectionsPerAddress: parseCount(env, 'CONNECTIONS_PER_ADDRESS', 64, 1),
  requestsInFlightPerClient: parseCount(env, 'REQUESTS_IN_FLIGHT_PER_CLIENT', 32, 1),
  bodyBytesPerAddress: parseCount(env, 'BODY_BUFFER_PER_ADDRESS_MB', 16, 1, 4096) * 1024 * 1024,
  bodyBytesTotal: parseCount(env, 'BODY_BUFFER_TOTAL_MB', 128, 1, 65536) * 1024 * 1024,
  resultsPerChartPerHour: parseCount(env, 'RESULTS_PER_CHART_PER_HOUR', 10, 1),
  chunkTimeoutMs: parseCount(env, 'UPLOAD_CHUNK_TIMEOUT_MS', 20_000, 100),
  uploadSessionsPerUser: parseCount(env, 'UPLOAD_SESSIONS_PER_USER', 8, 1),
  maxEventLoopDelayMs: parseCount(env, 'MAX_EVENT_LOOP_DELAY_MS', 1000),
  ratePerMinute: parseCount(env, 'RATE_LIMIT_PER_MINUTE', 1200, 1),
  strictRatePerMinute: parseCount(env, 'RATE_LIMIT_STRICT_PER_MINUTE', 60, 1),
  loginAttemptsPerMinute: parseCount(env, 'LOGIN_ATTEMPTS_PER_MINUTE', 10, 1),
  workThreads: parseCount(env, 'WORK_THREADS', 2, 1, 64),
  workTimeoutMs: parseCount(env, 'WORK_TIMEOUT_MS', 15_000, 100),
  workMemoryMb: parseCount(env, 'WORK_MEMORY_MB', 256, 32),
  workQueue: parseCount(env, 'WORK_QUEUE', 32, 1),
  sessionCacheMs: parseCount(env, 'SESSION_CACHE_MS', 10_000, 0, 60_000),
  responseCacheMs: parseCount(env, 'RESPONSE_CACHE_MS', 60_000, 0, 600_000),
  responseCacheEntries: parseCount(env, 'RESPONSE_CACHE_ENTRIES', 5000, 0, 1_000_000),
  responseCacheBytes: parseCount(env, 'RESPONSE_CACHE_MB', 16, 0, 4096) * 1024 * 1024,
})

/** One line a visitor reads and may copy (an e-mail address or a web address, usually). */
const TAKEDOWN_CONTACT_MAX = 200
const parseTakedownContact = (env: Env): string | null => {
  const value = read(env, 'TAKEDOWN_CONTACT')
  if (value === undefined) return null
  // Shown to every visitor as it is: the rules of any one-line text people read here.
  if (hasForbiddenChars(value) || codePointLength(value) > TAKEDOWN_CONTACT_MAX)
    throw new ConfigError(
      'TAKEDOWN_CONTACT',
      `expected one line of at most ${TAKEDOWN_CONTACT_MAX} characters, such as legal@example.com`,
    )
  return value
}

const parseMetrics = (env: Env): MetricsConfig | undefined => {
  if (read(env, 'METRICS_PORT') === undefined) {
    for (const name of ['METRICS_HOST', 'METRICS_TOKEN'])
      if (read(env, name) !== undefined) throw new ConfigError(name, 'is set, but METRICS_PORT is not')
    return undefined
  }
  const host = read(env, 'METRICS_HOST') ?? '127.0.0.1'
  if (!/^[0-9a-zA-Z.:-]+$/.test(host))
    throw new ConfigError('METRICS_HOST', `"${host}" is not a host name or address`)
  const token = read(env, 'METRICS_TOKEN')
  if (token !== undefined && token.length < 16)
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters')
  return { port: parsePort(env, 'METRICS_PORT', 0), host, token }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

export const loadConfig = (env: Env = process.env, cwd = process.cwd()): Config => {
  const port = parsePort(env, 'PORT', 8080)
  const dataDir = path.resolve(cwd, read(env, 'DATA_DIR') ?? 'data')
  const logLevel = read(env, 'LOG_LEVEL') ?? 'info'
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`)
  }
  const host = read(env, 'HOST') ?? '0.0.0.0'
  if (!/^[0-9a-zA-Z.:-]+$/.test(host))
    throw new ConfigError('HOST', `"${host}" is not a host name or address`)
  const metrics = parseMetrics(env)
  if (metrics && metrics.port !== 0 && metrics.port === port)
    throw new ConfigError('METRICS_PORT', 'must differ from PORT: metrics are never served to the public')
  return {
    port,
    host,
    metrics,
    publicUrl: parsePublicUrl(env, port),
    dataDir,
    database: parseDatabase(env, dataDir),
    s3: parseS3(env),
    siteTitle: read(env, 'SITE_TITLE') ?? 'Sirius Charts',
    sonolusVersion: parseSonolusVersion(env),
    adminHandles: (read(env, 'ADMIN_HANDLES') ?? '')
      .split(',')
      .map((handle) => handle.trim())
      .filter(Boolean),
    takedownContact: parseTakedownContact(env),
    sonolusPublicKey: parsePublicKey(env),
    seedDemo: parseBool(env, 'SEED_DEMO', true),
    checkResponses: parseBool(env, 'CHECK_RESPONSES', false),
    staticRoot: path.resolve(cwd, read(env, 'STATIC_ROOT') ?? 'dist'),
    docsDir: path.resolve(cwd, read(env, 'DOCS_DIR') ?? 'docs'),
    masterDataDir: path.resolve(cwd, read(env, 'MASTER_DATA_DIR') ?? 'master-data'),
    engineName: read(env, 'ENGINE_NAME') ?? SIRIUS_ENGINE.name,
    corsOrigins: parseOrigins(env),
    logLevel,
    trustProxy: parseTrustProxy(env),
    limits: parseLimits(env),
    git: {
      owner: read(env, 'GIT_OWNER'),
      repo: read(env, 'GIT_REPO'),
      branch: read(env, 'GIT_BRANCH'),
      commit: read(env, 'GIT_COMMIT'),
      commitMessage: read(env, 'GIT_COMMIT_MESSAGE'),
    },
  }
}
