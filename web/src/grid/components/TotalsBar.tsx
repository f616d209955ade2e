import { useTranslation } from 'react-i18next'
import { fmt2, fmtCount, fmtUsd, fmtWhole } from '../../lib/format'

export interface Figures {
  count: number
  crt: number
  ctPr?: number | undefined
  amt?: number | undefined
  rap?: number | undefined
  back?: number | undefined
  fnCtpr?: number | undefined
  fnAmt?: number | undefined
}

/**
 * Section 9's totals (ctPr, amt, rap, crt, back, fnCtpr, fnAmt) and the count, for the whole result
 * or for the selected stones. Prices the viewer may not see are absent and not shown.
 */
export function TotalsBar({
  figures,
  label,
  testId,
  hideLabel = false,
}: {
  figures: Figures
  label: string
  testId: string
  hideLabel?: boolean
}) {
  const { t } = useTranslation()
  const items: [string, string, string][] = [
    ['count', t('grid.pieces'), fmtCount(figures.count)],
    ['crt', t('columns.carat'), fmt2(figures.crt)],
  ]
  if (figures.rap !== undefined) items.push(['rap', t('columns.rap'), fmtWhole(figures.rap)])
  if (figures.back !== undefined) items.push(['back', t('columns.disc'), fmt2(figures.back)])
  if (figures.amt !== undefined) items.push(['amt', t('columns.pricePerCarat'), fmtUsd(figures.amt)])
  if (figures.ctPr !== undefined) items.push(['ctPr', t('columns.amount'), fmtUsd(figures.ctPr)])
  if (figures.fnAmt !== undefined) items.push(['fnAmt', t('columns.fnAmt'), fmtUsd(figures.fnAmt)])
  if (figures.fnCtpr !== undefined) items.push(['fnCtpr', t('columns.fnCtpr'), fmtUsd(figures.fnCtpr)])
  return (
    // Focusable: on a phone the bar scrolls sideways, and a keyboard must reach what is scrolled away.
    <div className="totals" role="group" aria-label={label} data-testid={testId} tabIndex={0}>
      <span className={hideLabel ? 'visually-hidden' : 'totals-label'}>{label}</span>
      <dl className="totals-list">
        {items.map(([key, name, value]) => (
          <div key={key} className="totals-item" data-total={key}>
            <dt>
              <bdi>{name}</bdi>
            </dt>
            <dd dir="ltr">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
