import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/media'
import { isCompanyAdmin, session } from '../../../lib/session'
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
    </div>
  )
}
