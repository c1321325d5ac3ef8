// ARCHITECTURE.md "Roles and boundaries": the module boundaries are enforced by ESLint, with a message per ban.
// These lint real source text at real paths with the project's own eslint.config.js.
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

// The snippets are not files of a TypeScript project, so the type-aware rules are off for them; the
// boundary rules do not need types.
const eslint = new ESLint({
  cwd: path.resolve(__dirname, '../..'),
  overrideConfig: [
    {
      ...tseslint.configs.disableTypeChecked,
      languageOptions: { parserOptions: { projectService: false, project: null } },
    },
  ],
})

const lint = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, '../..', file) })
  return result.messages.filter(
    (message) =>
      message.ruleId?.endsWith('no-restricted-imports') || message.ruleId === 'no-restricted-globals',
  )
}

describe('module boundaries', () => {
  it.each([
    ["import fs from 'node:fs'\nexport const x = fs", /common\/ is isomorphic/],
    ["import fs from 'fs'\nexport const x = fs", /may not import Node built-ins/],
    [
      "import { buildApp } from '../../server/app.js'\nexport const x = buildApp",
      /imports nothing from server/,
    ],
    [
      "import { makeStore } from '../../src/app/store'\nexport const x = makeStore",
      /imports nothing from src/,
    ],
    ["import React from 'react'\nexport const x = React", /no UI, server or database library/],
    ['export const x = () => window.location', /no DOM/],
  ])('stops common/ from %j', async (code, message) => {
    const messages = await lint('common/chart/example.ts', code)
    expect(messages.length).toBeGreaterThan(0)
    expect(messages[0].message).toMatch(message)
  })

  it('lets common/ import common/', async () => {
    expect(
      await lint(
        'common/chart/example.ts',
        "import { COLOR_REGEX } from '../rules.js'\nexport const x = COLOR_REGEX",
      ),
    ).toEqual([])
  })

  it('stops src/ from importing server runtime code, but allows types', async () => {
    const runtime = await lint(
      'src/features/home/Example.tsx',
      "import { buildApp } from '../../../server/app'\nexport const x = buildApp",
    )
    expect(runtime[0]?.message).toMatch(/src\/ imports no server runtime code/)
    const typeOnly = await lint(
      'src/features/home/Example.tsx',
      "import { type AppContext } from '../../../server/context'\nexport type X = AppContext",
    )
    expect(typeOnly).toEqual([])
    const apiFile = await lint(
      'src/features/home/Example.tsx',
      "import { serverApi } from '../../api/server'\nexport const x = serverApi",
    )
    expect(apiFile).toEqual([])
  })

  it('stops components from importing the store or calling fetch', async () => {
    const store = await lint(
      'src/components/Example.tsx',
      "import { makeStore } from '../app/store'\nexport const x = makeStore",
    )
    expect(store[0]?.message).toMatch(/never import the store/)
    const fetching = await lint(
      'src/features/home/Example.tsx',
      "export const x = () => fetch('/sonolus/info')",
    )
    expect(fetching[0]?.message).toMatch(/never call fetch/)
  })

  it('keeps SQL libraries inside server/db', async () => {
    const handler = await lint(
      'server/sonolus/example.ts',
      "import { sql } from 'kysely'\nexport const x = sql",
    )
    expect(handler[0]?.message).toMatch(/only place with SQL/)
    expect(
      await lint('server/db/repositories/example.ts', "import { sql } from 'kysely'\nexport const x = sql"),
    ).toEqual([])
  })

  it('stops the server from importing the SPA', async () => {
    const messages = await lint(
      'server/example.ts',
      "import { AppRoutes } from '../src/shell/router'\nexport const x = AppRoutes",
    )
    expect(messages[0]?.message).toMatch(/does not import the SPA/)
  })
})
