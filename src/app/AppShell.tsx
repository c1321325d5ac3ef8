// spec §2 "Layout": app bar (menu toggle, '{route name} | {site title}', cog), drawer, content area.
import { Suspense, useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { Button, Drawer, Grid, Layout, Menu, type MenuProps, Spin, Typography } from 'antd'
import { MenuOutlined, SettingOutlined } from '@ant-design/icons'
import { useGetSiteInfoQuery } from '../api/server'
import { MessageHost } from '../features/messages/MessageHost'
import { MENU, isMenuGroup, routeTitleId } from './routes'

const DRAWER_WIDTH = 256

const NavMenu = ({ onNavigate }: { onNavigate?: () => void }) => {
  const intl = useIntl()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const items: MenuProps['items'] = MENU.map((item) =>
    isMenuGroup(item)
      ? {
          key: item.key,
          label: intl.formatMessage({ id: item.labelId }),
          type: 'group' as const,
          children: item.entries.map((entry) => ({
            key: entry.path,
            label: intl.formatMessage({ id: entry.labelId }),
          })),
        }
      : { key: item.path, label: intl.formatMessage({ id: item.labelId }) },
  )
  return (
    <nav aria-label={intl.formatMessage({ id: 'app.main_menu' })}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        onClick={({ key }) => {
          navigate(key)
          onNavigate?.()
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  )
}

export const AppShell = () => {
  const intl = useIntl()
  const { pathname } = useLocation()
  const screens = Grid.useBreakpoint()
  // Before the first measurement every breakpoint is undefined: treat that as a wide screen.
  const isMobile = screens.md === false
  const [drawerChoice, setDrawerChoice] = useState<boolean>()
  const drawerOpen = drawerChoice ?? !isMobile

  const { data: siteInfo } = useGetSiteInfoQuery()
  const siteTitle = siteInfo?.title ?? intl.formatMessage({ id: 'app.site_title' })
  const routeName = intl.formatMessage({ id: routeTitleId(pathname) })
  const title = `${routeName} | ${siteTitle}`
  useEffect(() => {
    document.title = title
  }, [title])

  const content = (
    <Suspense
      fallback={
        <div className="page-loading">
          <Spin tip={intl.formatMessage({ id: 'app.loading' })} size="large">
            <div style={{ minHeight: 80 }} />
          </Spin>
        </div>
      }
    >
      <Outlet />
    </Suspense>
  )

  return (
    <Layout className="app-layout">
      <Layout.Header className="app-bar">
        <Button
          type="text"
          className="app-bar-button"
          icon={<MenuOutlined />}
          aria-label={intl.formatMessage({ id: 'app.toggle_menu' })}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerChoice(!drawerOpen)}
        />
        <Typography.Title level={1} className="app-bar-title" ellipsis>
          {title}
        </Typography.Title>
        <Link
          to="/settings/server"
          aria-label={intl.formatMessage({ id: 'app.open_settings' })}
          className="app-bar-button"
        >
          <SettingOutlined />
        </Link>
      </Layout.Header>
      <Layout>
        {isMobile ? (
          <Drawer
            open={drawerOpen}
            placement="left"
            width={DRAWER_WIDTH}
            onClose={() => setDrawerChoice(false)}
            title={<FormattedMessage id="app.main_menu" />}
            styles={{ body: { padding: 0 } }}
          >
            <NavMenu onNavigate={() => setDrawerChoice(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            width={DRAWER_WIDTH}
            collapsedWidth={0}
            collapsed={!drawerOpen}
            trigger={null}
            theme="light"
            className="app-drawer"
            data-testid="drawer"
          >
            {drawerOpen && <NavMenu />}
          </Layout.Sider>
        )}
        <Layout.Content className="app-content">
          {/* spec §2: a 1280 px content area (minimum 752 px); on phones the page uses the full width instead. */}
          {isMobile ? content : <div className="content-area">{content}</div>}
        </Layout.Content>
      </Layout>
      <MessageHost />
    </Layout>
  )
}
