import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { Menu } from '../../../components/Menu'
import { hrefOf, matchPath, navFor, type Screen, type Viewer } from '../../../lib/navigation'
import './shell.css'

const linkClass = (active: boolean) => (active ? 'nav-link is-active' : 'nav-link')

/** Desktop navigation: Dashboard, then one menu per group, built from the viewer's permissions. */
export function NavMenus({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation()
  const [location] = useLocation()
  const groups = navFor(viewer)
  const here = (s: Screen) => matchPath(s.path, location) !== null
  return (
    <nav className="topbar-nav" aria-label={t('header.navigation')} data-testid="main-nav">
      {viewer.permissions.dashboard?.view && (
        <Link href="/dashboard" className={linkClass} data-testid="nav-dashboard">
          {t('header.dashboard')}
        </Link>
      )}
      {groups.map((g) => (
        <Menu
          key={g.id}
          className={g.items.some(here) ? 'is-active' : undefined}
          label={t(`shell.nav.${g.id}`)}
          testId={`nav-group-${g.id}`}
        >
          <ul className="menu-list">
            {g.items.map((s) => (
              <li key={s.id}>
                <Link
                  href={hrefOf(s)}
                  className={() => (here(s) ? 'menu-item is-active' : 'menu-item')}
                  data-testid={`nav-${s.id}`}
                >
                  {t(`shell.screens.${s.id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </Menu>
      ))}
    </nav>
  )
}

/** The same links for the hamburger drawer (up to 991 px): every group open, one under the other. */
export function NavDrawer({ viewer, id }: { viewer: Viewer; id: string }) {
  const { t } = useTranslation()
  const [location] = useLocation()
  const groups = navFor(viewer)
  return (
    <nav className="drawer" id={id} aria-label={t('header.navigation')} data-testid="nav-drawer">
      {viewer.permissions.dashboard?.view && (
        <Link href="/dashboard" className={linkClass} data-testid="drawer-dashboard">
          {t('header.dashboard')}
        </Link>
      )}
      {groups.map((g) => (
        <section key={g.id} className="drawer-group" aria-labelledby={`${id}-${g.id}`}>
          <h2 className="drawer-title" id={`${id}-${g.id}`}>
            {t(`shell.nav.${g.id}`)}
          </h2>
          <ul className="drawer-list">
            {g.items.map((s) => (
              <li key={s.id}>
                <Link href={hrefOf(s)} className={() => linkClass(matchPath(s.path, location) !== null)}>
                  {t(`shell.screens.${s.id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  )
}
