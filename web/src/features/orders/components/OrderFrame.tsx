import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import './orders.css'

/** The frame of the order pages: the way back to the account and the screen's title. */
export function OrderFrame({ screenId, children }: { screenId: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="page acct-page" data-testid={`screen-${screenId}`}>
      <nav className="acct-crumbs" aria-label={t('shell.screens.account')}>
        <Link href="/account">{t('shell.screens.account')}</Link>
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
        <span>{t(`shell.screens.${screenId}`)}</span>
      </nav>
      <h1 className="page-title">{t(`shell.screens.${screenId}`)}</h1>
      {children}
    </div>
  )
}
