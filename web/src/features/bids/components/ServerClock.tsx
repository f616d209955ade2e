import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { fmtTime } from '../../../lib/format'
import { ticker } from '../stores/clock'
import { room } from '../stores/lots'

/** The server's clock (the one that decides every close), shown to everyone in a bid page. */
export function ServerClock() {
  const { t } = useTranslation()
  const { offsetMs } = useSnapshot(room)
  const { deviceNow } = useSnapshot(ticker)
  const now = new Date(deviceNow + offsetMs)
  // hh:mm:ss a on the portal's office clock (the seconds are the same in every zone).
  const [hm, period] = fmtTime(now).split(' ')
  const shown = `${hm}:${String(now.getUTCSeconds()).padStart(2, '0')} ${period ?? ''}`.trim()
  return (
    <p className="bid-clock" data-testid="server-clock">
      {t('bids.serverTime')}{' '}
      <time dateTime={now.toISOString()}>
        {shown}
      </time>
    </p>
  )
}
