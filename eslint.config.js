// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// Module boundaries (ARCHITECTURE.md "Roles and boundaries"). Every ban carries a message that says why.
// The top-level folders, reached by relative paths (`../../server/app.js`); src/api/server.ts is not one.
const ROOT_SERVER = '^(\\.\\./)+server(/|$)'
const ROOT_SRC = '^(\\.\\./)+src(/|$)'

const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'module',
  'net',
  'os',
  'path',
  'process',
  'readline',
  'stream',
  'stream/promises',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
]

/** What an isomorphic folder (common/, engine/) may not import: it runs in the browser and in Node. */
const isomorphicBans = (folder) => ({
  paths: nodeBuiltins.map((name) => ({
    name,
    message: `${folder}/ is isomorphic: it runs in the browser too, so it may not import Node built-ins.`,
  })),
  patterns: [
    {
      group: ['node:*'],
      message: `${folder}/ is isomorphic: it runs in the browser too, so it may not import node:* modules.`,
    },
    {
      group: ['**/src/**', '**/src'],
      message: `${folder}/ imports nothing from src/: the SPA depends on ${folder}, not the reverse.`,
    },
    {
      group: ['**/server/**', '**/server'],
      message: `${folder}/ imports nothing from server/: the server depends on ${folder}, not the reverse.`,
    },
    {
      group: ['react', 'react-dom', 'antd', '@ant-design/*', 'fastify', 'kysely', 'better-sqlite3', 'pg'],
      message: `${folder}/ holds plain TypeScript with no UI, server or database library.`,
    },
  ],
})
const commonBans = isomorphicBans('common')
const engineBans = isomorphicBans('engine')

const serverFromSpa = {
  regex: ROOT_SERVER,
  allowTypeImports: true,
  message: 'src/ imports no server runtime code; share wire types through common/api instead.',
}
const nodeFromSpa = {
  group: ['node:*'],
  message: 'The SPA runs in the browser: no Node built-ins.',
}
const storeFromComponents = {
  group: ['**/app/store', '**/app/store.js', '**/app/store.ts'],
  message: 'Components never import the store: use useAppSelector / useAppDispatch from app/hooks.',
}
// From src/features/<feature>/: '../<other>/<file>' (or '…/features/<other>/<file>') reaches into another
// feature; '../<other>' is that feature's index.ts, its public entry.
const featureInternals = {
  regex: '^\\.\\./[^./][^/]*/|^(\\.\\./)+features/[^/]+/',
  message:
    "A feature uses another feature only through its index.ts ('../charts'), never its files; shared UI goes in src/components.",
}

const sqlLibraries = ['kysely', 'better-sqlite3', 'pg'].map((name) => ({
  name,
  allowTypeImports: false,
  message: 'Repositories in server/db are the only place with SQL: call a repository instead.',
}))
const spaFromServer = {
  regex: ROOT_SRC,
  message: 'The server does not import the SPA; share code through common/.',
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-e2e/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '.tmp/**',
      '.tsbuild/**',
      'build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Type-aware rules: every file belongs to one of the tsconfig projects (tsconfig.json references).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its error; one passed where a callback returns nothing is never
      // awaited either.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-warning-comments': ['error', { terms: ['fixme', 'xxx'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [serverFromSpa, nodeFromSpa] }],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [serverFromSpa, nodeFromSpa, storeFromComponents] },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Components never call fetch: add an RTK Query endpoint in src/api.' },
      ],
    },
  },
  {
    // Replaces the patterns of the block above for features: options are not merged, so it repeats them.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [serverFromSpa, nodeFromSpa, storeFromComponents, featureInternals] },
      ],
    },
  },
  ...[
    ['common', commonBans],
    ['engine', engineBans],
  ].map(([folder, bans]) => ({
    files: [`${folder}/**/*.ts`],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', bans],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: `${folder}/ has no DOM.` },
        { name: 'document', message: `${folder}/ has no DOM.` },
        { name: 'localStorage', message: `${folder}/ has no DOM.` },
        {
          name: 'process',
          message: `${folder}/ runs in the browser too: pass configuration in as arguments.`,
        },
        { name: 'Buffer', message: `${folder}/ runs in the browser too: use Uint8Array.` },
      ],
    },
  })),
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: sqlLibraries, patterns: [spaFromServer] },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [spaFromServer] }],
    },
  },
  {
    // Plain JavaScript (configs and scripts) is outside the TypeScript projects: no type-aware rules.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parserOptions: { projectService: false } },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
)
