import { Fragment, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation } from 'wouter'
import { sellerScope } from '../stores/inventory.rules'
import { actingSeller } from '../stores/seller'
import { SellerPicker, useStaff } from './SellerPicker'
import './inventory.css'

/** The inventory screens, in the order the seller meets them (spec section 2). */
const SECTIONS = [
  { id: 'inventoryUpload', href: '/inventory/upload' },
  { id: 'manageDiamonds', href: '/inventory/diamonds' },
  { id: 'inventoryHistory', href: '/inventory/history' },
  { id: 'mediaUpload', href: '/inventory/media' },
  { id: 'inventoryArticles', href: '/inventory/articles' },
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
  const staff = useStaff()
  const tabs = useRef<HTMLElement>(null)
  // On a phone the seven links scroll sideways: the open screen's is brought into view (it sat
  // off-screen on the later screens, most of all right to left).
  useLayoutEffect(() => {
    tabs.current?.querySelector('.is-active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [location])
  return (
    <div className="page acct-page inv-page" data-testid={`screen-${screen}`}>
      <div className="acct-section-head">
        <h1 className="page-title">{t(`shell.screens.${screen}`)}</h1>
        {actions}
      </div>
      {staff && <SellerPicker />}
      <nav ref={tabs} className="acct-tabs inv-sections" aria-label={t('shell.nav.inventory')}>
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

/**
 * An inventory screen that calls the server: staff see it once they have picked a seller (and anew,
 * from the start, when they pick another); until then the screen asks them to choose.
 */
export function ActingFor({ screen, children }: { screen: InventoryScreen; children: ReactNode }) {
  const { t } = useTranslation()
  const staff = useStaff()
  const { seller } = useSnapshot(actingSeller)
  const scope = sellerScope(staff, seller?.id ?? null)
  if (!scope)
    return (
      <InventoryFrame screen={screen}>
        <p className="acct-state" role="status" data-testid="inv-choose-seller">
          {t('inventory.seller.choose')}
        </p>
      </InventoryFrame>
    )
  return <Fragment key={scope.sellerCompanyId ?? ''}>{children}</Fragment>
}
