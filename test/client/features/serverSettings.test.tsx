import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { sampleServerInfo } from '../../../mocks/data'
import { SETTINGS_PERSIST_KEY, makeStore } from '../../../src/app/store'
import { renderWithProviders } from '../renderWithProviders'

const storageKey = `persist:${SETTINGS_PERSIST_KEY}`
const saved = () => {
  const raw = window.localStorage.getItem(storageKey)
  if (!raw) return undefined
  const outer = JSON.parse(raw) as Record<string, string>
  return Object.fromEntries(Object.entries(outer).map(([key, value]) => [key, JSON.parse(value)]))
}

/** antd radio inputs ignore pointer events; people click their labels. */
const radioLabel = (name: string) => screen.getByRole('radio', { name }).closest('label')!

const openSettings = async (options: Parameters<typeof renderWithProviders>[1] = {}) => {
  const rendered = renderWithProviders(<AppRoutes />, { route: '/settings/server', ...options })
  await screen.findByRole('heading', { level: 2 })
  return rendered
}

describe('/settings/server (docs/spec.md §2 "Server settings")', () => {
  it('starts from the defaults en_us, global, #6200ee', async () => {
    const { store } = await openSettings()
    expect(store.getState().settings).toMatchObject({
      locale: 'en_us',
      server: 'global',
      primaryColor: '#6200ee',
    })
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Global server' })).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Custom colour' })).toHaveValue('#6200ee')
  })

  it('switches the language at once and saves it', async () => {
    const { user, store } = await openSettings({ persist: true })
    await user.click(radioLabel('日本語'))
    expect(await screen.findByRole('heading', { level: 2, name: 'サーバー設定' })).toBeInTheDocument()
    expect(store.getState().settings.locale).toBe('ja_jp')
    await waitFor(() => expect(saved()?.locale).toBe('ja_jp'))
    expect(document.documentElement.lang).toBe('ja-JP')
  })

  it('always has exactly one language selected', async () => {
    const { user } = await openSettings()
    await user.click(radioLabel('简体中文'))
    await user.click(radioLabel('简体中文'))
    const checked = ['English', '日本語', '简体中文'].filter(
      (name) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked,
    )
    expect(checked).toEqual(['简体中文'])
  })

  it('restores saved settings on the next visit', async () => {
    window.localStorage.setItem(
      storageKey,
      JSON.stringify({
        locale: JSON.stringify('zh_cn'),
        server: JSON.stringify('proxy'),
        primaryColor: JSON.stringify('#00897b'),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    )
    const { store } = renderWithProviders(<AppRoutes />, { route: '/settings/server', persist: true })
    expect(await screen.findByRole('heading', { level: 2, name: '服务器设置' })).toBeInTheDocument()
    expect(store.getState().settings).toMatchObject({
      locale: 'zh_cn',
      server: 'proxy',
      primaryColor: '#00897b',
    })
  })

  it('repairs corrupt saved settings to the defaults', async () => {
    window.localStorage.setItem(
      storageKey,
      JSON.stringify({
        locale: JSON.stringify('klingon'),
        server: JSON.stringify('mars'),
        primaryColor: JSON.stringify('red'),
        _persist: JSON.stringify({ version: 0, rehydrated: true }),
      }),
    )
    const { store } = renderWithProviders(<AppRoutes />, { route: '/settings/server', persist: true })
    await screen.findByRole('heading', { level: 2, name: 'Server settings' })
    expect(store.getState().settings).toMatchObject({
      locale: 'en_us',
      server: 'global',
      primaryColor: '#6200ee',
    })
  })

  it('switches the server and saves it', async () => {
    const { user, store } = await openSettings({ persist: true })
    await user.click(radioLabel('China proxy'))
    expect(store.getState().settings.server).toBe('proxy')
    await waitFor(() => expect(saved()?.server).toBe('proxy'))
    expect(screen.getByRole('radio', { name: 'China proxy' })).toBeChecked()
  })

  it('applies a preset colour at once', async () => {
    const { user, store } = await openSettings({ persist: true })
    await user.click(screen.getByRole('button', { name: 'Use colour #e91e63' }))
    expect(store.getState().settings.primaryColor).toBe('#e91e63')
    expect(screen.getByRole('button', { name: 'Use colour #e91e63' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(saved()?.primaryColor).toBe('#e91e63'))
  })

  it('drops cached answers when the server changes, so screens refetch from the new one', async () => {
    let serverInfoCalls = 0
    server.use(
      http.get('*/sonolus/server/info', () => {
        serverInfoCalls++
        return HttpResponse.json(sampleServerInfo)
      }),
    )
    const { user, store } = renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await screen.findByText('sirius-charts / site')).toBeInTheDocument()
    expect(serverInfoCalls).toBe(1)
    await user.click(screen.getByRole('link', { name: 'Server settings' }))
    await user.click(await screen.findByText('China proxy'))
    expect(store.getState().settings.server).toBe('proxy')
    expect(store.getState().sonolusApi.queries).not.toHaveProperty(['getServerInfo(undefined)'])
    await user.click(screen.getByRole('button', { name: /Previous: Takedown requests/ }))
    await user.click(screen.getByRole('link', { name: 'Home' }))
    expect(await screen.findByText('sirius-charts / site')).toBeInTheDocument()
    expect(serverInfoCalls).toBe(2)
  })

  it.each(['#12345', '#12345g', '123456', '#', '', ' #fffff', '#fffff ', '#ff00'])(
    'rejects the custom colour %j: error text, no swatch, Apply disabled',
    async (value) => {
      const { user } = await openSettings()
      const field = screen.getByRole('textbox', { name: 'Custom colour' })
      await user.clear(field)
      if (value) await user.type(field, value)
      expect(screen.getByText('Invalid color code')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled()
      expect(screen.queryByRole('img', { name: /^Preview of/ })).not.toBeInTheDocument()
    },
  )

  it.each(['#ff0000', '#ABCDEF', '#aBc123'])(
    'accepts %s case-insensitively and applies it',
    async (value) => {
      const { user, store } = await openSettings()
      const field = screen.getByRole('textbox', { name: 'Custom colour' })
      await user.clear(field)
      await user.type(field, value)
      expect(screen.queryByText('Invalid color code')).not.toBeInTheDocument()
      expect(screen.getByRole('img', { name: `Preview of ${value}` })).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Apply' }))
      expect(store.getState().settings.primaryColor).toBe(value.toLowerCase())
    },
  )

  it('counts the custom colour against 7 characters and stops there', async () => {
    const { user } = await openSettings()
    const field = screen.getByRole('textbox', { name: 'Custom colour' })
    await user.clear(field)
    await user.type(field, '#1234567890')
    expect(field).toHaveValue('#123456')
    expect(screen.getByText('7 / 7')).toBeInTheDocument()
  })

  it('does not change the colour until Apply', async () => {
    const { user, store } = await openSettings()
    const field = screen.getByRole('textbox', { name: 'Custom colour' })
    await user.clear(field)
    await user.type(field, '#00ff00')
    expect(store.getState().settings.primaryColor).toBe('#6200ee')
  })

  it('never stores an invalid colour, whatever dispatches it', () => {
    const store = makeStore()
    store.dispatch({ type: 'settings/setPrimaryColor', payload: 'javascript:alert(1)' })
    expect(store.getState().settings.primaryColor).toBe('#6200ee')
  })
})
