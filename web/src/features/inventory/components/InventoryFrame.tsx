import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import './inventory.css'

/** The inventory screens, in the order the seller meets them (spec section 2). */
const SECTIONS = [
  { id: 'inventoryUpload', href: '/inventory/upload' },
  { id: 'manageDiamonds', href: '/inventory/diamonds' },
  { id: 'inventoryHistory', href: '/inventory/history' },
  { id: 'mediaUpload', href: '/inventory/media' },
  { id: 'ftpSettings', href: '/inventory/ftp' },
  { id: 'inventoryInstructions', href: '/inventory/instructions' },
] as const
export type InventoryScreen = (typeof SECTIONS)[number]['id']

/** The frame of every inventory screen: its title, the links between the screens, then the screen. */
export function InventoryFrame({
  screen,
  actions,
  children,
}: {
  screen: InventoryScreen
  actions?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const [location] = useLocation()
  return (
    <div className="page acct-page inv-page" data-testid={`screen-${screen}`}>
      <div className="acct-section-head">
        <h1 className="page-title">{t(`shell.screens.${screen}`)}</h1>
        {actions}
      </div>
      <nav className="acct-tabs inv-sections" aria-label={t('shell.nav.inventory')}>
        {SECTIONS.map((s) => (
          <Link
            key={s.id}
            href={s.href}
            className={location === s.href ? 'acct-tab is-active' : 'acct-tab'}
            aria-current={location === s.href ? 'page' : undefined}
            data-testid={`inv-section-${s.id}`}
          >
            {t(`shell.screens.${s.id}`)}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  )
}
