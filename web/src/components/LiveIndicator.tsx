import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { connection } from '../lib/realtime'

export function LiveIndicator() {
  const { t } = useTranslation()
  const { state } = useSnapshot(connection)
  return (
    <span className={`live live--${state}`} data-testid="live-indicator" data-state={state} role="status">
      <span className="live-dot" aria-hidden="true" />
      {t(`live.${state}`)}
    </span>
  )
}
