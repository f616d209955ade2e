import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { confirm } from '../../../lib/confirm'
import { codeText } from '../../../lib/i18n'
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/media'
import { isCompanyAdmin, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { logoutEverywhere } from '../stores/sessions'
import { SECTIONS, tabPath } from './sections'
import './account.css'

/** /account: who is signed in, and a way into each section of the account. */
export function AccountPage() {
  const { t } = useTranslation()
  const { user } = useSnapshot(session)
  const narrow = useMediaQuery(MOBILE_QUERY)
  const sections = SECTIONS.filter((s) => !s.adminOnly || isCompanyAdmin(user))
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username : ''

  return (
    <div className="page acct-page acct-home" data-testid="account-page">
      <header className="acct-home-head">
        <span className="acct-avatar" aria-hidden="true">
          {(name || '?').slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h1 className="page-title acct-page-title">{t('account.title')}</h1>
          <p className="acct-home-who" dir="auto">
            {name}
            {user?.companyName && <span className="acct-home-company"> · {user.companyName}</span>}
          </p>
        </div>
      </header>
      <ul className="acct-links">
        {sections.map((s) => (
          <li key={s.key}>
            <Link
              href={narrow ? s.narrowPath : tabPath(s.key)}
              className="acct-link"
              data-testid={`account-link-${s.key}`}
            >
              <span className="acct-link-title">{t(`account.sections.${s.key}`)}</span>
              <span className="acct-link-text">{t(`account.sectionHints.${s.key}`)}</span>
              <span className="acct-link-arrow flip-rtl" aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <SessionsPanel />
    </div>
  )
}

/** Logout (the user menu) ends this device's session only; ending them all is its own action. */
function SessionsPanel() {
  const { t } = useTranslation()
  const { user } = useSnapshot(session)
  if (!user || user.userType === 'guest') return null
  async function everywhere() {
    if (!(await confirm('account.sessions.confirm'))) return
    const error = await logoutEverywhere()
    if (error) showToast(codeText(error.code, error.message), 'error')
  }
  return (
    <section className="acct-sessions" aria-labelledby="acct-sessions-title" data-testid="account-sessions">
      <h2 id="acct-sessions-title" className="acct-sessions-title">
        {t('account.sessions.title')}
      </h2>
      <p className="acct-link-text">{t('account.sessions.text')}</p>
      <button
        type="button"
        className="btn btn--small"
        data-testid="logout-everywhere"
        onClick={() => void everywhere()}
      >
        {t('account.sessions.everywhere')}
      </button>
    </section>
  )
}
