import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Loading } from '../../../components/LoadState'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { fmtCount } from '../../../lib/format'
import { loadRegistrations, openRegistrations, PAGE_SIZE, registrations } from '../stores/registrations'
import { pageCount, TABS } from '../stores/registrations.rules'
import './approvals.css'
import { RegistrationCard } from './RegistrationCard'

/**
 * /account/registrations, for operator staff: registrations by approval status (Pending first),
 * each with its details and documents, approved or rejected from here.
 */
export function RegistrationsPage() {
  const { t } = useTranslation()
  const { status, page, list, count, error } = useSnapshot(registrations)
  useEffect(() => void openRegistrations(), [])
  const pages = pageCount(count, PAGE_SIZE)

  return (
    <div className="page acct-page" data-testid="registrations">
      <nav className="acct-crumbs" aria-label={t('shell.screens.account')}>
        <Link href="/account">{t('shell.screens.account')}</Link>
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
        <span>{t('approvals.title')}</span>
      </nav>
      <div className="acct-section-head">
        <h1 className="page-title acct-page-title">{t('approvals.title')}</h1>
        {list && (
          <span className="reg-review-total" data-testid="registrations-total">
            {t('approvals.total', { n: fmtCount(count) })}
          </span>
        )}
      </div>
      <p className="acct-intro">{t('approvals.intro')}</p>

      <div className="acct-tabs" role="tablist" aria-label={t('approvals.tabsLabel')}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`registrations-tab-${tab.id}`}
            aria-selected={status === tab.status}
            aria-controls="registrations-panel"
            className={`acct-tab${status === tab.status ? ' is-active' : ''}`}
            data-testid={`registrations-tab-${tab.id}`}
            onClick={() => status !== tab.status && void loadRegistrations(tab.status, 1)}
          >
            {t(`approvals.tabs.${tab.id}`)}
          </button>
        ))}
      </div>

      <div
        id="registrations-panel"
        role="tabpanel"
        aria-labelledby={`registrations-tab-${TABS.find((x) => x.status === status)!.id}`}
        className="reg-review-panel"
      >
        {error && !list && <LoadError error={error} retry={() => void loadRegistrations()} />}
        {!list && !error && <Loading />}
        {list?.length === 0 && <EmptyState />}
        {list && list.length > 0 && (
          <ul className="reg-review-list" data-testid="registration-list">
            {list.map((r) => (
              <li key={r.id}>
                <RegistrationCard registration={r} />
              </li>
            ))}
          </ul>
        )}
        <ListPager page={page} pages={pages} onPage={(p) => void loadRegistrations(status, p)} />
      </div>
    </div>
  )
}
