// docs/spec.md §2 "Layout": app bar (menu toggle, '{route name} | {site title}', cog), drawer, content area.
import { type CSSProperties, Suspense, useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom'
import { Button, Drawer, Grid, Layout, Spin } from 'antd'
import { MenuOutlined, SettingOutlined } from '@ant-design/icons'
import { useGetSiteInfoQuery } from '../api/server'
import { stopPreview } from '../features/listen'
import { NotificationBell } from '../features/notifications/NotificationBell'
import { MessageHost } from '../app/messages/MessageHost'
import { useAppSelector, useCurrentUser } from '../app/hooks'
import { type MessageId } from '../messageIds'
import { MENU, canSee, isMenuGroup, routeTitleId } from '../app/routes'
import { PageErrorBoundary } from './PageErrorBoundary'

const DRAWER_WIDTH = 256

/** The drawer's menu as plain links (docs/spec.md §2 "Layout": Home; Chart, Docs and Settings groups). Real
 *  anchors: they open in a new tab on middle-click, and the current page carries aria-current. Notices
 *  show to logged-in users with their unread count, the Moderation group to moderators. */
const NavMenu = ({ onNavigate }: { onNavigate?: () => void }) => {
  const intl = useIntl()
  const { user } = useCurrentUser()
  const viewer = { loggedIn: !!user, moderator: user?.role === 'moderator' }
  const unread = user?.unreadNotices ?? 0
  const link = (path: string, labelId: MessageId) => {
    const badge = path === '/notices' && unread > 0
    return (
      <li key={path}>
        <NavLink
          to={path}
          className="nav-link"
          onClick={onNavigate}
          end
          // The badge is a bare number: the link's name says what it counts.
          aria-label={badge ? intl.formatMessage({ id: 'menu.notices_unread' }, { n: unread }) : undefined}
        >
          {intl.formatMessage({ id: labelId })}
          {badge && (
            <span className="nav-badge" data-testid="notices-badge">
              {unread}
            </span>
          )}
        </NavLink>
      </li>
    )
  }
  return (
    <nav aria-label={intl.formatMessage({ id: 'app.main_menu' })}>
      <ul className="nav-menu">
        {MENU.filter((item) => canSee(item, viewer)).map((item) =>
          isMenuGroup(item) ? (
            <li key={item.key}>
              <div className="nav-group-title" id={`nav-group-${item.key}`}>
                {intl.formatMessage({ id: item.labelId })}
              </div>
              <ul className="nav-menu" aria-labelledby={`nav-group-${item.key}`}>
                {item.entries
                  .filter((entry) => canSee(entry, viewer))
                  .map((entry) => link(entry.path, entry.labelId))}
              </ul>
            </li>
          ) : (
            link(item.path, item.labelId)
          ),
        )}
      </ul>
    </nav>
  )
}

export const AppShell = () => {
  const intl = useIntl()
  const { pathname } = useLocation()
  // A preview clip stops when its page is left.
  useEffect(() => stopPreview(), [pathname])
  const screens = Grid.useBreakpoint()
  // Before the first measurement every breakpoint is undefined: treat that as a wide screen.
  const isMobile = screens.md === false
  const [drawerChoice, setDrawerChoice] = useState<boolean>()
  const drawerOpen = drawerChoice ?? !isMobile

  const primaryColor = useAppSelector((state) => state.settings.primaryColor)
  const { data: siteInfo } = useGetSiteInfoQuery()
  const siteTitle = siteInfo?.title ?? intl.formatMessage({ id: 'app.site_title' })
  const routeName = intl.formatMessage({ id: routeTitleId(pathname) })
  const title = `${routeName} | ${siteTitle}`
  useEffect(() => {
    document.title = title
  }, [title])

  const content = (
    <PageErrorBoundary page={pathname}>
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
    </PageErrorBoundary>
  )

  return (
    <Layout className="app-layout" style={{ '--app-primary': primaryColor } as CSSProperties}>
      <Layout.Header className="app-bar">
        <Button
          type="text"
          className="app-bar-button"
          icon={<MenuOutlined />}
          aria-label={intl.formatMessage({ id: 'app.toggle_menu' })}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerChoice(!drawerOpen)}
        />
        <h1 className="app-bar-title">{title}</h1>
        <NotificationBell />
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
          {/* docs/spec.md §2: a 1280 px content area (minimum 752 px); on phones the page uses the full width instead. */}
          {/* One tree at every width: a phone turning or a window narrowing keeps the page and what was typed in it. */}
          <div className={isMobile ? 'content-area content-area-full' : 'content-area'}>{content}</div>
        </Layout.Content>
      </Layout>
      <MessageHost />
    </Layout>
  )
}
