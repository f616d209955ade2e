import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Availability } from '@diamond/contracts/events/stock'

/**
 * The stone's live status. `changed` adds a small dot while a pushed change is fresh, so the eye
 * finds which row just moved and to what.
 */
export const StatusBadge = memo(function StatusBadge({ vStnId, availability, changed = false }: { vStnId: string; availability: Availability; changed?: boolean }) {
  const { t } = useTranslation()
  const label = t(`status.${availability}`)
  const justChanged = changed ? t('grid.justChanged', { status: label }) : ''
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
