import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { defineConfig } from 'vitest/config'
import { type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { parse } from '@formatjs/icu-messageformat-parser'

/** Production builds ship the UI catalogues (i18n/*.json) already parsed into ICU message ASTs, and
 *  react-intl without its message parser (about 8 kB gzipped less JS on every page). Tests and the dev
 *  server keep plain strings, which the i18n test reads. */
const precompiledMessages = (): Plugin => ({
  name: 'sirius:precompiled-messages',
  apply: 'build',
  enforce: 'pre',
  config: () => ({
    resolve: {
      alias: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
        },
      ],
    },
  }),
  transform(code, id) {
    if (!/[\\/]i18n[\\/][a-z]{2}_[a-z]{2}\.json$/.test(id)) return undefined
    const messages = JSON.parse(code) as Record<string, string>
    const parsed = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]))
    // Still JSON: Vite's JSON plugin turns it into a module next.
    return { code: JSON.stringify(parsed), map: null }
  },
})

/** Production builds write a Brotli and a gzip copy beside each script, style sheet and page, made once at
 *  build time at the highest levels, which the server sends to browsers that accept them
 *  (server/spa.ts). Files under 1 kB gain nothing and are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/
const precompressed = (): Plugin => {
  let outDir = 'dist'
  return {
    name: 'sirius:precompressed',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: () => {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name)
          return entry.isDirectory() ? walk(full) : [full]
        })
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue
        const bytes = fs.readFileSync(file)
        if (bytes.length < 1024) continue
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }))
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        )
      }
    },
  }
}

// One file for the SPA build and the three Vitest projects.
export default defineConfig({
  plugins: [react(), precompiledMessages(), precompressed()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // `npm run dev` serves the SPA with hot reload; the API comes from a running `npm start`.
    proxy: { '/sonolus': 'http://127.0.0.1:8080', '/upload': 'http://127.0.0.1:8080' },
  },
  test: {
    // One test file per core (Vitest leaves one core free by default): much of a file's time is spent
    // waiting on the servers, databases and processes it starts, so a file per core finishes the suite
    // sooner, and each test still waits for its own signal.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['test/client/**/*.test.{ts,tsx}'],
          setupFiles: ['test/client/setup.ts'],
          css: false,
          // Above findBy…'s bound (test/client/setup.ts), so that a wait that ends names what it waited for.
          testTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          globalSetup: ['test/server/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'common',
          environment: 'node',
          include: ['test/common/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'engine',
          environment: 'node',
          include: ['test/engine/**/*.test.ts'],
          // Whole charts played through the interpreter, the largest with 5,000 notes.
          testTimeout: 120_000,
        },
      },
    ],
  },
})
