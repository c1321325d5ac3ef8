// Where the running code came from, for GET /sonolus/server/info (docs/spec.md §3 "Server info").
// Read once at start from the checkout; GIT_* variables fill in or override it when deployed without .git.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { type GitInfo } from '../common/api/serverInfo.js'
import { type GitOverrides } from './config.js'

const git = (cwd: string, ...args: string[]): string | undefined => {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim()
  } catch {
    return undefined
  }
}

/** owner/repo from https://host/owner/repo(.git), git@host:owner/repo.git, or a local path …/owner/repo. */
export const parseRemote = (remote: string | undefined): { owner: string; repo: string } | undefined => {
  if (!remote) return undefined
  const cleaned = remote.replace(/\.git$/, '').replace(/\/+$/, '')
  const parts = cleaned.split(/[/:]/).filter(Boolean)
  if (parts.length < 2) return undefined
  return { owner: parts[parts.length - 2], repo: parts[parts.length - 1] }
}

export const readGitInfo = (cwd: string, overrides: GitOverrides = {}): GitInfo => {
  const inCheckout = git(cwd, 'rev-parse', '--is-inside-work-tree') === 'true'
  const remote = inCheckout ? parseRemote(git(cwd, 'config', '--get', 'remote.origin.url')) : undefined
  const branch = inCheckout ? git(cwd, 'rev-parse', '--abbrev-ref', 'HEAD') : undefined
  return {
    owner: overrides.owner ?? remote?.owner ?? '',
    repo: overrides.repo ?? remote?.repo ?? path.basename(cwd),
    branch: overrides.branch ?? (branch && branch !== 'HEAD' ? branch : ''),
    commit: overrides.commit ?? (inCheckout ? (git(cwd, 'rev-parse', 'HEAD') ?? '') : ''),
    commit_message:
      overrides.commitMessage ?? (inCheckout ? (git(cwd, 'log', '-1', '--format=%s') ?? '') : ''),
  }
}
