import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { Availability } from '@diamond/contracts/events/stock'
import { fixedText, valueText } from '../../lib/i18n'
import './grid.css'

interface Props {
  vStnId: string
  availability: Availability
  changed?: boolean
  /** Issue 26: with the web status, a confirmed or sold stone reads "Sold", not "Unavailable"… */
  wSts?: string
  /** …and "Won by you" / "Bought by you" to its buyer. */
  boughtByMe?: 'auction' | 'confirm'
}

/** Web statuses of a stone that is bought: confirmed (an order) or sold. */
const SOLD_W_STS: ReadonlySet<string> = new Set(['C', 'X'])

/** What the badge says and how it is coloured: the availability, or the sale when the stone is bought. */
export function badgeOf(p: Pick<Props, 'availability' | 'wSts' | 'boughtByMe'>): { key: string; tone: string } {
  if (p.boughtByMe) return { key: p.boughtByMe === 'auction' ? 'status.wonByYou' : 'status.boughtByYou', tone: 'mine' }
  if (p.wSts !== undefined && SOLD_W_STS.has(p.wSts)) return { key: 'status.sold', tone: 'sold' }
  return { key: `status.${p.availability}`, tone: p.availability }
}

/**
 * The stone's live status. `changed` adds a small dot while a pushed change is fresh, so the eye
 * finds which row just moved and to what.
 */
export const StatusBadge = memo(function StatusBadge(props: Props) {
  const { t } = useTranslation()
  return <StatusBadgeView t={t} {...props} />
})

/** The badge with the caller's `t`: the grid's rows pass theirs rather than each badge subscribing to the language. */
export const StatusBadgeView = memo(function StatusBadgeView({
  t,
  vStnId,
  availability,
  changed = false,
  wSts,
  boughtByMe,
}: Props & { t: TFunction }) {
  const badge = badgeOf({ availability, wSts, boughtByMe })
  const label = fixedText(t, badge.key)
  const justChanged = changed ? valueText(t, 'grid.justChanged', 'status', label) : ''
  return (
    <span className="status-wrap">
      <span className={`status status--${badge.tone}`} data-testid={`status-${vStnId}`}>
        {label}
      </span>
      {changed && (
        <span
          className={`status-dot status-dot--${badge.tone}`}
          data-testid={`changed-${vStnId}`}
          role="img"
          aria-label={justChanged}
          title={justChanged}
        />
      )}
    </span>
  )
})
