import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation } from 'wouter'
import { Brand } from '../components/Brand'
import { Footer } from './Footer'
import { LanguageSwitcher } from '../components/LanguageSwitcher'
import { LiveIndicator } from '../components/LiveIndicator'
import { Icon } from '../features/shell/components/Icon'
import { NavDrawer, NavMenus } from '../features/shell/components/NavMenus'
import { useViewer } from '../features/shell/components/useViewer'
import { UserMenu } from '../features/shell/components/UserMenu'
import { logout } from '../features/auth/stores/logout'
import { useIsTablet } from '../lib/media'
import { useMenusFold } from './useMenusFold'
import { followAppointmentNotices } from '../features/appointments/stores/notices'
import { followBidNotices } from '../features/bids/stores/notices'
import { followCareNotices } from '../features/care/stores/notices'
import { followEnquiryNotices } from '../features/enquiries/stores/notices'
import { followBuyRequestNotices } from '../features/demands/stores/notices'
import { followTradeNotices } from '../features/lists/stores/notices'
import { followUnread, unread } from '../features/notifications/stores/unread'
import { startRealtime, stopRealtime } from '../lib/realtime'
import { session } from '../lib/session'

/**
 * The signed-in frame: header with the menus the user's permissions allow, and the live connection
 * for as long as the session lasts. Up to 991 px, and wherever they would not fit on one line, the
 * menus fold into a drawer behind a hamburger.
 */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation()
  const { token } = useSnapshot(session)
  const viewer = useViewer()
  const header = useRef<HTMLElement>(null)
  // Up to a tablet's width, or wherever the menus and the header's end do not fit on one line.
  const tablet = useMenusFold(header, useIsTablet(), i18n.language)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [location] = useLocation()
  const drawerId = useId()

  useEffect(() => {
    if (!token) return
    startRealtime(token)
    return stopRealtime
  }, [token])
  // Trading notices (an offer answered, a stone of my lists taken, a reminder) arrive as toasts.
  useEffect(() => followTradeNotices(), [])
  // Bid notices (outbid, won, lost) too, on whatever page the user is.
  useEffect(() => followBidNotices(), [])
  // And appointment notices (booked, moved, cancelled by the other side; reminders).
  useEffect(() => followAppointmentNotices(), [])
  // The bell counts unread notices, live.
  useEffect(() => (token ? followUnread() : undefined), [token])
  const unreadCount = useSnapshot(unread).count
  // And customer-care notices (a concierge request, its answer, a contact message).
  useEffect(() => followCareNotices(), [])
  useEffect(() => followEnquiryNotices(), [])
  useEffect(() => followBuyRequestNotices(), [])

  // A choice in the drawer (a new location), or a wider window, closes it.
  const [drawerFor, setDrawerFor] = useState({ location, tablet })
  if (drawerFor.location !== location || drawerFor.tablet !== tablet) {
    setDrawerFor({ location, tablet })
    setDrawerOpen(false)
  }
  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [drawerOpen])

  return (
    <div className="shell">
      <div className="topbar-wrap">
        <header ref={header} className="topbar">
          {tablet && (
            <button
              type="button"
              className="icon-button"
              aria-expanded={drawerOpen}
              aria-controls={drawerId}
              aria-label={t(drawerOpen ? 'shell.closeMenu' : 'shell.openMenu')}
              data-testid="hamburger"
              onClick={() => setDrawerOpen((o) => !o)}
            >
              <Icon name={drawerOpen ? 'close' : 'menu'} />
            </button>
          )}
          <Link href="/dashboard" className="brand-link" aria-label={t('app.name')}>
            <Brand />
          </Link>
          {!tablet && <NavMenus viewer={viewer} />}
          <div className="topbar-end">
            <LiveIndicator />
            {viewer.permissions.notifications?.view && (
              <Link
                href={viewer.narrow ? '/notification' : '/notifications'}
                className="icon-button bell-link"
                aria-label={
                  unreadCount > 0 ? t('notifications.bell', { count: unreadCount }) : t('shell.screens.notifications')
                }
                title={t('shell.screens.notifications')}
                data-testid="nav-notifications"
              >
                <Icon name="bell" />
                {unreadCount > 0 && (
                  <span className="bell-count" data-testid="bell-count" aria-hidden="true">
                    {unreadCount > 99 ? '99+' : unreadCount}
                  </span>
                )}
              </Link>
            )}
            <LanguageSwitcher />
            <UserMenu onLogout={logout} />
          </div>
        </header>
        {/* Over the page, not above it: opening the menu does not reflow the grid below. */}
        {tablet && drawerOpen && <NavDrawer viewer={viewer} id={drawerId} />}
      </div>
      <main className="content">
        {children}
        <Footer signedIn />
      </main>
    </div>
  )
}
