import { useTranslation } from 'react-i18next'
import type { Availability } from '@diamond/contracts/events/stock'

export function StatusBadge({ vStnId, availability }: { vStnId: string; availability: Availability }) {
  const { t } = useTranslation()
  return (
    <span className={`status status--${availability}`} data-testid={`status-${vStnId}`}>
      {t(`status.${availability}`)}
    </span>
  )
}
