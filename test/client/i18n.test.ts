// The i18n check: the three catalogues have identical key sets and placeholders,
// and every message id used in src/ exists.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import enUs from '../../i18n/en_us.json'
import jaJp from '../../i18n/ja_jp.json'
import zhCn from '../../i18n/zh_cn.json'
import { DOC_TYPES, MENU, MENU_ORDER, ROUTE_PATHS, isMenuGroup } from '../../src/app/routes'
import { SERVERS } from '../../src/api/servers'
import { MESSAGE_KEYS } from '../../common/api/errorKeys'
import { LEADERBOARDS } from '../../common/api/levels'
import { ACTIONS_BY_TARGET, REPORT_REASONS, TAKEDOWN_LIMITS, TARGET_TYPES } from '../../common/api/moderation'

const catalogues: Record<string, Record<string, string>> = { en_us: enUs, ja_jp: jaJp, zh_cn: zhCn }

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort()

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })

describe('i18n catalogues', () => {
  it('have identical key sets', () => {
    const keys = Object.keys(enUs).sort()
    for (const [name, catalogue] of Object.entries(catalogues))
      expect(Object.keys(catalogue).sort(), name).toEqual(keys)
  })

  it('have the same placeholders for every key', () => {
    for (const key of Object.keys(enUs)) {
      const expected = placeholders(enUs[key as keyof typeof enUs])
      for (const [name, catalogue] of Object.entries(catalogues)) {
        expect(placeholders(catalogue[key]), `${name} ${key}`).toEqual(expected)
      }
    }
  })

  it('have no empty message', () => {
    for (const [name, catalogue] of Object.entries(catalogues)) {
      for (const [key, text] of Object.entries(catalogue)) expect(text.trim(), `${name} ${key}`).not.toBe('')
    }
  })

  it('hold the docs/spec.md §8 error texts and the validation message word for word', () => {
    expect(enUs['error.not_login']).toBe('You are not logged in, please login with Sonolus and try again')
    expect(enUs['error.fetch_failed']).toBe('Network connection error, please check your network connection')
    expect(enUs['error.upload_failed']).toBe('Failed to upload assets, please check your network connection')
    expect(enUs['error.create_failed']).toBe('Failed to create level, please check your network connection')
    expect(enUs['error.permission_denied']).toBe('Sorry, you do not have permission to enter this page')
    expect(enUs['error.permission_denied2']).toBe('Sorry, you do not have permission to do this action')
    expect(enUs['error.file_too_large']).toBe(
      'The file is too large, please reduce the file size and try again',
    )
    expect(enUs['error.empty_field']).toBe('Please complete all required fields and try again.')
    expect(enUs['settings.server.invalid_color_value']).toBe('Invalid color code')
    expect(enUs['route.not_found']).toBe('404 Not Found')
  })

  it('hold the moderation texts word for word', () => {
    expect(REPORT_REASONS.map((reason) => enUs[`moderation.reason.${reason}` as keyof typeof enUs])).toEqual([
      'Copyright / official game assets',
      'Inappropriate content',
      'Spam',
      'Broken chart',
      'Other',
    ])
    expect(enUs['success.report']).toBe('Report sent successfully')
    expect(enUs['success.report_duplicate']).toBe('You have already reported this')
    expect(enUs['success.takedown']).toBe('Takedown request sent successfully')
    expect(enUs['create.rules_accept']).toBe('I have read and accept the upload rules')
    expect(enUs['error.suspended_ban']).toBe('Your account is suspended ({reason})')
    expect(enUs['error.suspended']).toMatch(/^Your account is suspended until \{until, date, medium\}/)
  })

  it('contain every message id that src/ uses', () => {
    const root = path.resolve(__dirname, '../../src')
    const used = new Set<string>()
    const idPattern = /(?:\bid|Id)(?:=|:\s*)\{?\s*['"]([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)['"]/g
    const callPattern = /show(?:Success|Error)\(\s*['"]([a-z][a-z0-9_.]+)['"]/g
    for (const file of sourceFiles(root)) {
      const text = fs.readFileSync(file, 'utf8')
      for (const pattern of [idPattern, callPattern])
        for (const match of text.matchAll(pattern)) used.add(match[1])
    }
    // Ids built at run time, enumerated from the tables that build them.
    for (const name of [...Object.keys(ROUTE_PATHS), 'not_found']) used.add(`route.${name}`)
    for (const type of DOC_TYPES) used.add(`menu.docs_${type}`)
    for (const item of MENU) used.add(item.labelId)
    for (const entry of MENU_ORDER) used.add(entry.labelId)
    for (const item of MENU) if (isMenuGroup(item)) for (const entry of item.entries) used.add(entry.labelId)
    for (const server of Object.values(SERVERS)) used.add(server.labelId)
    for (const key of MESSAGE_KEYS) used.add(`error.${key}`)
    for (const board of LEADERBOARDS) used.add(`leaderboard.${board}`)
    for (const unit of ['second', 'minute', 'hour', 'day', 'month']) used.add(`time.${unit}s_ago`)
    for (const action of Object.values(ACTIONS_BY_TARGET).flat()) used.add(`moderation.action.${action}`)
    for (const reason of [...REPORT_REASONS, 'review']) used.add(`moderation.reason.${reason}`)
    for (const type of TARGET_TYPES) used.add(`moderation.target.${type}`).add(`report.title_${type}`)
    for (const field of Object.keys(TAKEDOWN_LIMITS))
      used.add(`takedown.${field}`).add(`takedown.${field}_hint`)
    for (const id of [
      'success.report',
      'success.report_duplicate',
      'error.suspended_ban',
      'takedown.no_chart',
      'moderation.target_missing',
    ])
      used.add(id)

    expect(used.size).toBeGreaterThan(30)
    const missing = [...used].filter((id) => !(id in enUs))
    expect(missing).toEqual([])
  })
})
