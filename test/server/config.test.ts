import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'

const cwd = '/srv/sirius'

const errorOf = (env: Record<string, string>): ConfigError => {
  try {
    loadConfig(env, cwd)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('configuration from the environment (README.md "Configuration")', () => {
  it('has defaults that serve on 0.0.0.0:8080 with SQLite in ./data', () => {
    const config = loadConfig({}, cwd)
    expect(config.port).toBe(8080)
    expect(config.host).toBe('0.0.0.0')
    expect(config.publicUrl).toBe('http://localhost:8080')
    expect(config.dataDir).toBe(path.join(cwd, 'data'))
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(cwd, 'data', 'sirius.db') })
    expect(config.s3).toBeUndefined()
    expect(config.siteTitle).toBe('Sirius Charts')
    expect(config.seedDemo).toBe(true)
    expect(config.sonolusPublicKey).toBeUndefined()
    // The app version players run (server/sonolusVersion.ts), not core 7.15.1's 1.1.1.
    expect(config.sonolusVersion).toBe('1.1.3')
  })

  it('takes the Sonolus-Version to send from SONOLUS_VERSION, and refuses what is not a version', () => {
    expect(loadConfig({ SONOLUS_VERSION: '1.2.0' }, cwd).sonolusVersion).toBe('1.2.0')
    expect(errorOf({ SONOLUS_VERSION: 'latest' }).message).toMatch(/SONOLUS_VERSION.*1\.1\.3/)
  })

  it('reads postgres:// and sqlite: database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }, cwd).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@127.0.0.1:5432/db',
    })
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }, cwd).database.kind).toBe('postgres')
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/sirius.db' }, cwd).database).toEqual({
      kind: 'sqlite',
      file: '/var/lib/sirius.db',
    })
  })

  it.each([
    [{ DATABASE_URL: 'bogus://x' }, 'DATABASE_URL', /scheme "bogus"/],
    [{ DATABASE_URL: 'mysql://u@h/db' }, 'DATABASE_URL', /scheme "mysql"/],
    [{ DATABASE_URL: 'just-a-word' }, 'DATABASE_URL', /unsupported value/],
    [{ PORT: 'eighty' }, 'PORT', /port number/],
    [{ PORT: '70000' }, 'PORT', /port number/],
    [{ PUBLIC_URL: 'charts.example.com' }, 'PUBLIC_URL', /absolute/],
    [{ PUBLIC_URL: 'ftp://charts.example.com' }, 'PUBLIC_URL', /http or https/],
    [{ PUBLIC_URL: 'https://charts.example.com/?x=1' }, 'PUBLIC_URL', /scheme, host and optional path/],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO', /0 or 1/],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /one of/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET', /required/],
    [{ S3_BUCKET: 'X' }, 'S3_BUCKET', /not a valid bucket name/],
    [{ S3_BUCKET: 'charts', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT', /expected a URL/],
    [{ S3_BUCKET: 'charts', S3_ACCESS_KEY_ID: 'a' }, 'S3_SECRET_ACCESS_KEY', /set together/],
    [{ S3_BUCKET: 'charts', S3_QUOTA_BYTES: '10GB' }, 'S3_QUOTA_BYTES', /whole number/],
    [{ SONOLUS_PUBLIC_KEY: 'not json' }, 'SONOLUS_PUBLIC_KEY', /JWK/],
    [{ SONOLUS_PUBLIC_KEY: '{"kty":"RSA"}' }, 'SONOLUS_PUBLIC_KEY', /P-256/],
  ])('rejects %j naming %s', (env, variable, message) => {
    const error = errorOf(env)
    expect(error.variable).toBe(variable)
    expect(error.message.startsWith(`${variable}: `)).toBe(true)
    expect(error.message).toMatch(message)
    expect(error.message).not.toContain('\n')
  })

  it('drops the trailing slash of PUBLIC_URL and keeps its path prefix', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/charts/' }, cwd).publicUrl).toBe(
      'https://example.com/charts',
    )
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/' }, cwd).publicUrl).toBe('https://example.com')
  })

  it('configures S3 with a quota and a default region', () => {
    const config = loadConfig(
      { S3_BUCKET: 'charts', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_QUOTA_BYTES: '1073741824' },
      cwd,
    )
    expect(config.s3).toMatchObject({
      bucket: 'charts',
      region: 'us-east-1',
      quotaBytes: 1073741824,
      prefix: 'blobs/',
    })
  })

  it('accepts a P-256 JWK as the Sonolus public key (tests only)', () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'abc', y: 'def' }
    expect(loadConfig({ SONOLUS_PUBLIC_KEY: JSON.stringify(jwk) }, cwd).sonolusPublicKey).toEqual(jwk)
  })

  it('splits ADMIN_HANDLES', () => {
    expect(loadConfig({ ADMIN_HANDLES: ' 123, 456 ,,' }, cwd).adminHandles).toEqual(['123', '456'])
  })

  it('reads TAKEDOWN_CONTACT as one trimmed line, none when unset, and refuses control characters', () => {
    expect(loadConfig({}, cwd).takedownContact).toBeNull()
    expect(loadConfig({ TAKEDOWN_CONTACT: '  ' }, cwd).takedownContact).toBeNull()
    expect(loadConfig({ TAKEDOWN_CONTACT: ' legal@example.com ' }, cwd).takedownContact).toBe(
      'legal@example.com',
    )
    expect(errorOf({ TAKEDOWN_CONTACT: 'legal@example.com\nBcc: x' }).variable).toBe('TAKEDOWN_CONTACT')
    expect(errorOf({ TAKEDOWN_CONTACT: 'x'.repeat(201) }).variable).toBe('TAKEDOWN_CONTACT')
  })

  it('reads TRUST_PROXY as off, true, a hop count, or a list of addresses and CIDRs', () => {
    expect(loadConfig({}, cwd).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'off' }, cwd).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }, cwd).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '2' }, cwd).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }, cwd).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ])
    const error = errorOf({ TRUST_PROXY: 'proxy.internal' })
    expect(error.variable).toBe('TRUST_PROXY')
    expect(error.message).toMatch(/"proxy.internal" is not an address or CIDR/)
  })

  it('has the documented limits by default, and names a bad value’s variable', () => {
    expect(loadConfig({}, cwd).limits).toEqual({
      requestTimeoutMs: 60_000,
      connectionTimeoutMs: 120_000,
      maxConnections: 1024,
      connectionsPerAddress: 64,
      requestsInFlightPerClient: 32,
      bodyBytesPerAddress: 16 * 1024 * 1024,
      bodyBytesTotal: 128 * 1024 * 1024,
      resultsPerChartPerHour: 10,
      chunkTimeoutMs: 20_000,
      uploadSessionsPerUser: 8,
      maxEventLoopDelayMs: 1000,
      ratePerMinute: 1200,
      strictRatePerMinute: 60,
      loginAttemptsPerMinute: 10,
      workThreads: 2,
      workTimeoutMs: 15_000,
      workMemoryMb: 256,
      workQueue: 32,
      sessionCacheMs: 10_000,
      responseCacheMs: 60_000,
      responseCacheEntries: 5000,
      responseCacheBytes: 16 * 1024 * 1024,
    })
    expect(loadConfig({ MAX_EVENT_LOOP_DELAY_MS: '0', WORK_THREADS: '4' }, cwd).limits).toMatchObject({
      maxEventLoopDelayMs: 0,
      workThreads: 4,
    })
    for (const [variable, value] of [
      ['REQUEST_TIMEOUT_MS', '10'],
      ['RATE_LIMIT_PER_MINUTE', '0'],
      ['WORK_MEMORY_MB', 'lots'],
      ['MAX_CONNECTIONS', '-1'],
      ['LOGIN_ATTEMPTS_PER_MINUTE', '0'],
    ]) {
      const error = errorOf({ [variable]: value })
      expect(error.variable).toBe(variable)
      expect(error.message).toMatch(/expected a whole number from/)
    }
  })
})
