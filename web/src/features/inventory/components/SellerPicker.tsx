import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { fmtCount } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { isOperator, session } from '../../../lib/session'
import { sellerCompanies } from '../api/inventory'
import { actingSeller, chooseSeller, type ActingSeller } from '../stores/seller'
import { startOver } from '../stores/upload'

const LIMIT = 50
/** Typing settles this long before the list is asked for. */
const SEARCH_DELAY_MS = 250

/** Whether the viewer is operator staff, who act for a seller they pick (sellers act for themselves). */
export function useStaff(): boolean {
  return isOperator(useSnapshot(session).user)
}

/**
 * Staff pick the seller they act for: a search over the seller companies stock knows, then a
 * choice among them (each with its live stones). The choice stays for the session.
 */
export function SellerPicker() {
  const { t } = useTranslation()
  const id = useId()
  const { seller } = useSnapshot(actingSeller)
  const [search, setSearch] = useState('')
  const [options, setOptions] = useState<ActingSeller[] | null>(null)
  const [count, setCount] = useState(0)
  const [error, setError] = useState<ApiError | null>(null)

  useEffect(() => {
    let live = true
    const timer = setTimeout(() => {
      void sellerCompanies(search.trim(), 1, LIMIT).then((r) => {
        if (!live) return
        setError(r.error)
        if (r.data) {
          setOptions(r.data.list)
          setCount(r.data.count)
        }
      })
    }, SEARCH_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [search])

  const label = (s: ActingSeller) =>
    t('inventory.seller.option', { name: s.name || t('inventory.seller.unnamed'), stones: fmtCount(s.liveStones) })
  const shown = options ?? []
  return (
    <div className="inv-seller" role="group" aria-labelledby={`${id}-title`} data-testid="inv-seller-picker">
      <p id={`${id}-title`} className="inv-seller-title">
        {seller
          ? t('inventory.seller.actingFor', { name: seller.name || t('inventory.seller.unnamed') })
          : t('inventory.seller.title')}
      </p>
      <div className="inv-seller-fields">
        <div className="field">
          <label htmlFor={`${id}-search`}>{t('inventory.seller.search')}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={100}
            placeholder={t('inventory.seller.searchPlaceholder')}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="inv-seller-search"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-choice`}>{t('inventory.seller.label')}</label>
          <select
            id={`${id}-choice`}
            value={seller?.id ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value
              const next = shown.find((o) => o.id === value) ?? (seller?.id === value ? seller : null)
              // An upload in hand was for the seller acted for until now.
              if (next?.id !== seller?.id) startOver()
              chooseSeller(next)
            }}
            data-testid="inv-seller-choice"
          >
            <option value="">{t('inventory.seller.none')}</option>
            {seller && !shown.some((o) => o.id === seller.id) && <option value={seller.id}>{label(seller)}</option>}
            {shown.map((o) => (
              <option key={o.id} value={o.id}>
                {label(o)}
              </option>
            ))}
          </select>
          {options && count > shown.length && (
            <p className="field-help">
              {t('inventory.seller.more', { shown: fmtCount(shown.length), count: fmtCount(count) })}
            </p>
          )}
          {options && count === 0 && <p className="field-help">{t('inventory.seller.noMatch')}</p>}
          {error && (
            <p className="field-error" role="alert">
              {codeText(error.code, error.message)}
            </p>
          )}
        </div>
      </div>
    </div>
  )
}
