import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { Brand } from '../components/Brand'
import { Dialog } from '../components/Dialog'
import { LanguageSwitcher } from '../components/LanguageSwitcher'
import { LiveIndicator } from '../components/LiveIndicator'
import { logoutRequest } from '../features/auth/api/auth'
import { startRealtime, stopRealtime } from '../lib/realtime'
import { session, signOut } from '../lib/session'

/** The signed-in frame: header, and the live connection for as long as the session lasts. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { token, user } = useSnapshot(session)
  const [confirming, setConfirming] = useState(false)

  useEffect(() => {
    if (!token) return
    startRealtime(token)
    return stopRealtime
  }, [token])

  function logout() {
    setConfirming(false)
    // Sent with the token before it is cleared; its failure changes nothing here.
    void logoutRequest().then(({ error }) => error && console.debug('logout request failed', error))
    stopRealtime()
    signOut()
  }

  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username : ''
  return (
    <div className="shell">
      <header className="topbar">
        <Link href="/dashboard" className="brand-link">
          <Brand />
        </Link>
        <nav className="topbar-nav" aria-label={t('header.navigation')}>
          <Link href="/dashboard" className={(active: boolean) => (active ? 'nav-link is-active' : 'nav-link')}>
            {t('header.dashboard')}
          </Link>
        </nav>
        <div className="topbar-end">
          <LiveIndicator />
          <span className="topbar-user" title={user?.companyName ?? ''} data-testid="current-user">
            {name}
          </span>
          <LanguageSwitcher />
          <button type="button" className="btn btn--small btn--ghost" data-testid="logout" onClick={() => setConfirming(true)}>
            {t('header.logout')}
          </button>
        </div>
      </header>
      <main className="content">{children}</main>
      <Dialog
        open={confirming}
        onDismiss={() => setConfirming(false)}
        testId="logout-confirm"
        actions={
          <>
            <button type="button" className="btn btn--primary" data-testid="logout-yes" onClick={logout}>
              {t('common.yes')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('common.no')}
            </button>
          </>
        }
      >
        <p>{t('confirm.logout')}</p>
      </Dialog>
    </div>
  )
}
