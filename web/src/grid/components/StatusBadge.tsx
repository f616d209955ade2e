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
}: Props & { t: TFunction }) {
  const label = fixedText(t, `status.${availability}`)
  const justChanged = changed ? valueText(t, 'grid.justChanged', 'status', label) : ''
  return (
    <span className="status-wrap">
      <span className={`status status--${availability}`} data-testid={`status-${vStnId}`}>
        {label}
      </span>
      {changed && (
        <span
          className={`status-dot status-dot--${availability}`}
          data-testid={`changed-${vStnId}`}
          role="img"
          aria-label={justChanged}
          title={justChanged}
        />
      )}
    </span>
  )
})
