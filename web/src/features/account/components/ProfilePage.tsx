import { useEffect, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation, useSearch } from 'wouter'
import { isCompanyAdmin, session } from '../../../lib/session'
import { ensureProfile } from '../stores/profile'
import { AddressesPage } from './AddressesPage'
import { ChangePasswordPage } from './ChangePasswordPage'
import { CompanyProfilePage } from './CompanyProfilePage'
import { DocumentsPanel } from './DocumentsPanel'
import { ManufacturingPage } from './ManufacturingPage'
import { PersonalInfoPage } from './PersonalInfoPage'
import { SECTIONS, tabPath, type SectionKey } from './sections'
import { DiamondSequencePanel, MatchPairPanel, PreferencesPanel } from './SettingsPanels'
import { StockNotificationPage } from './StockNotificationPage'
import { UsersPage } from './UsersPage'
import './account.css'

const PANELS: Record<SectionKey, (p: { embedded?: boolean }) => ReactNode> = {
  personal: PersonalInfoPage,
  company: CompanyProfilePage,
  manufacturing: ManufacturingPage,
  addresses: AddressesPage,
  password: ChangePasswordPage,
  stockNotification: StockNotificationPage,
  settings: PreferencesPanel,
  matchPair: MatchPairPanel,
  sequence: DiamondSequencePanel,
  documents: DocumentsPanel,
  users: UsersPage,
}

/** /account/profile: the account's sections as tabs; `?tab=` names the open one. */
export function ProfilePage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const search = useSearch()
  const { user } = useSnapshot(session)
  const tabs = SECTIONS.filter((s) => !s.adminOnly || isCompanyAdmin(user))
  const wanted = new URLSearchParams(search).get('tab')
  const current = tabs.find((s) => s.key === wanted)?.key ?? 'personal'

  useEffect(ensureProfile, [])

  const open = (key: SectionKey, focus = false) => {
    navigate(tabPath(key), { replace: true })
    if (focus) requestAnimationFrame(() => document.getElementById(`tab-${key}`)?.focus())
  }

  /** Arrow keys move between tabs (reading direction aware), Home and End jump. */
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = tabs.findIndex((s) => s.key === current)
    const rtl = document.documentElement.dir === 'rtl'
    const step = e.key === 'ArrowRight' ? (rtl ? -1 : 1) : e.key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0
    let next = -1
    if (step) next = (i + step + tabs.length) % tabs.length
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = tabs.length - 1
    if (next < 0) return
    e.preventDefault()
    open(tabs[next]!.key, true)
  }

  const Panel = PANELS[current]
  return (
    <div className="page acct-page acct-profile" data-testid="profile-page">
      <nav className="acct-crumbs" aria-label={t('account.breadcrumb')}>
        <Link href="/account">{t('account.title')}</Link>
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
        <span>{t('account.profile')}</span>
      </nav>
      <h1 className="page-title acct-page-title">{t('account.profile')}</h1>
      <div className="acct-tabs" role="tablist" aria-label={t('account.profile')} onKeyDown={onKeyDown}>
        {tabs.map((s) => (
          <button
            key={s.key}
            id={`tab-${s.key}`}
            type="button"
            role="tab"
            className={`acct-tab${s.key === current ? ' is-active' : ''}`}
            aria-selected={s.key === current}
            aria-controls={`panel-${s.key}`}
            tabIndex={s.key === current ? 0 : -1}
            data-testid={`tab-${s.key}`}
            onClick={() => open(s.key)}
          >
            {t(`account.sections.${s.key}`)}
          </button>
        ))}
      </div>
      <div
        className="acct-card acct-tab-panel"
        role="tabpanel"
        id={`panel-${current}`}
        aria-labelledby={`tab-${current}`}
      >
        <Panel embedded />
      </div>
    </div>
  )
}
