// The TypeScript projects (tsconfig.common.json, tsconfig.engine.json, tsconfig.server.json, tsconfig.src.json)
// make a boundary a compile error: a DOM global in server/, common/ or engine/, a Node built-in in src/,
// common/ or engine/. Each case compiles
// one file, placed in the project's folder, with the project's own options (what `tsc -b` uses).
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..', '..')

const errorsOf = (project: string, folder: string, source: string): string[] => {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, project), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  })
  if (!config) throw new Error(`cannot read ${project}`)
  const file = path.join(root, folder, '__boundary_check__.ts')
  const options = {
    ...config.options,
    noEmit: true,
    composite: false,
    declaration: false,
    emitDeclarationOnly: false,
  }
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists } = host
  host.fileExists = (name) => name === file || fileExists.call(host, name)
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, source, language)
      : getSourceFile.call(host, name, language, ...rest)
  // The project's own ambient declarations (common/globals.d.ts, src/vite-env.d.ts) come along.
  const ambient = config.fileNames.filter((name) => name.endsWith('.d.ts'))
  const program = ts.createProgram({ rootNames: [file, ...ambient], options, host })
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === file)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}

const DOM = 'export const title = (): string => document.title + String(window.innerWidth)\n'
const NODE =
  "import fs from 'node:fs'\nexport const here = (): boolean => fs.existsSync('x') && Buffer.from('a').length > 0\n"
const SHARED = 'export const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes)\n'

describe('project boundaries', () => {
  it('refuses DOM globals in server/ and common/, and Node built-ins in common/', () => {
    expect(errorsOf('tsconfig.server.json', 'server', DOM).join('\n')).toMatch(/Cannot find name 'document'/)
    expect(errorsOf('tsconfig.common.json', 'common', DOM).join('\n')).toMatch(/Cannot find name 'document'/)
    expect(errorsOf('tsconfig.common.json', 'common', NODE).join('\n')).toMatch(
      /Cannot find module 'node:fs'/,
    )
  })

  it('refuses DOM globals and Node built-ins in engine/, which runs in the browser and in Node', () => {
    expect(errorsOf('tsconfig.engine.json', 'engine', DOM).join('\n')).toMatch(/Cannot find name 'document'/)
    expect(errorsOf('tsconfig.engine.json', 'engine', NODE).join('\n')).toMatch(
      /Cannot find module 'node:fs'/,
    )
  })

  it('refuses Node built-ins in src/', () => {
    const errors = errorsOf('tsconfig.src.json', 'src', NODE).join('\n')
    expect(errors).toMatch(/Cannot find module 'node:fs'/)
    expect(errors).toMatch(/Cannot find name 'Buffer'/)
  })

  it('lets each project use what its runtime has', () => {
    expect(errorsOf('tsconfig.server.json', 'server', NODE)).toEqual([])
    expect(errorsOf('tsconfig.src.json', 'src', DOM)).toEqual([])
    expect(errorsOf('tsconfig.common.json', 'common', SHARED)).toEqual([])
  })
})
