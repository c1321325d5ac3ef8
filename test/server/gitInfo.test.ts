import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseRemote, readGitInfo } from '../../server/gitInfo'
import { tempDir } from './helpers/context'

describe('git info for GET /sonolus/server/info', () => {
  it.each([
    ['https://github.com/sirius-charts/site.git', 'sirius-charts', 'site'],
    ['https://github.com/sirius-charts/site', 'sirius-charts', 'site'],
    ['git@github.com:sirius-charts/site.git', 'sirius-charts', 'site'],
    ['ssh://git@example.com:2222/team/charts.git', 'team', 'charts'],
    ['/work/main', 'work', 'main'],
  ])('reads owner and repo from %s', (remote, owner, repo) => {
    expect(parseRemote(remote)).toEqual({ owner, repo })
  })

  it('reads branch, commit and message from the checkout', () => {
    const dir = tempDir('sirius-git-')
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim()
    git('init', '-q', '-b', 'trunk')
    git('config', 'user.email', 't@example.com')
    git('config', 'user.name', 'T')
    git('remote', 'add', 'origin', 'https://github.com/acme/charts.git')
    fs.writeFileSync(path.join(dir, 'f'), 'x')
    git('add', 'f')
    git('commit', '-q', '-m', 'First commit')
    expect(readGitInfo(dir)).toEqual({
      owner: 'acme',
      repo: 'charts',
      branch: 'trunk',
      commit: git('rev-parse', 'HEAD'),
      commit_message: 'First commit',
    })
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('takes GIT_* values when deployed without .git', () => {
    const dir = tempDir('sirius-nogit-')
    expect(readGitInfo(dir)).toEqual({
      owner: '',
      repo: path.basename(dir),
      branch: '',
      commit: '',
      commit_message: '',
    })
    expect(
      readGitInfo(dir, { owner: 'o', repo: 'r', branch: 'b', commit: 'c0ffee', commitMessage: 'Deploy' }),
    ).toEqual({ owner: 'o', repo: 'r', branch: 'b', commit: 'c0ffee', commit_message: 'Deploy' })
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
