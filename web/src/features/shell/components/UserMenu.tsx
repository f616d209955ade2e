import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { Menu } from '../../../components/Menu'
import { confirm } from '../../../lib/confirm'
import { canOpen, screen } from '../../../lib/navigation'
import { isCompanyAdmin, isGuest, session } from '../../../lib/session'
import { Icon } from './Icon'
import { useViewer } from './useViewer'
import './shell.css'

/**
 * The signed-in user's menu: Account, Profile, Users (company admins), Registrations (operator
 * staff with view on registrations, as the route table says), Logout after a confirmation
 * (`onLogout`: features/auth's, given by the signed-in layout).
 */
export function UserMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation()
  const { user } = useSnapshot(session)
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username : ''
  const member = !isGuest(user)
  const viewer = useViewer()

  async function confirmLogout() {
    if (await confirm('confirm.logout')) onLogout()
  }

  return (
    <Menu
      className="user-menu"
      testId="user-menu"
      ariaLabel={t('shell.userMenu', { name })}
      label={
        <>
          <Icon name="user" />
          <span className="topbar-user" data-testid="current-user" title={user?.companyName ?? ''}>
            {name}
          </span>
        </>
      }
    >
      <ul className="menu-list">
        {user?.companyName && <li className="menu-note">{user.companyName}</li>}
        {member && (
          <>
            <li>
              <Link href="/account" className="menu-item" data-testid="menu-account">
                {t('shell.screens.account')}
              </Link>
            </li>
            <li>
              <Link href="/account/profile" className="menu-item" data-testid="menu-profile">
                {t('shell.screens.profile')}
              </Link>
            </li>
          </>
        )}
        {isCompanyAdmin(user) && (
          <li>
            <Link href="/account/users" className="menu-item" data-testid="menu-users">
              {t('shell.screens.users')}
            </Link>
          </li>
        )}
        {canOpen(screen('registrations'), viewer) && (
          <li>
            <Link href="/account/registrations" className="menu-item" data-testid="menu-registrations">
              {t('shell.screens.registrations')}
            </Link>
          </li>
        )}
        <li>
          <Link href="/privacy-notice" className="menu-item">
            {t('shell.screens.privacyNotice')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="menu-item menu-item--danger"
            data-testid="logout"
            onClick={() => void confirmLogout()}
          >
            {t('header.logout')}
          </button>
        </li>
      </ul>
    </Menu>
  )
}
