import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import './account.css'

/**
 * A section of the account: inside the profile's tabs it is a panel with a heading; on its own
 * route (narrow screens, addresses, users) it is a page with a way back to the account.
 */
export function Section({
  embedded,
  title,
  testId,
  children,
  actions,
}: {
  embedded?: boolean
  title: string
  testId: string
  children: ReactNode
  actions?: ReactNode
}) {
  const { t } = useTranslation()
  if (embedded) {
    return (
      <section className="acct-section" data-testid={testId} aria-label={title}>
        <div className="acct-section-head">
          <h2 className="acct-section-title">{title}</h2>
          {actions}
        </div>
        {children}
      </section>
    )
  }
  return (
    <div className="page acct-page" data-testid={testId}>
      <nav className="acct-crumbs" aria-label={t('account.breadcrumb')}>
        <Link href="/account">{t('account.title')}</Link>
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
        <span>{title}</span>
      </nav>
      <div className="acct-section-head">
        <h1 className="page-title acct-page-title">{title}</h1>
        {actions}
      </div>
      <div className="acct-card">{children}</div>
    </div>
  )
}
