import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { fmtTime } from '../../../lib/format'
import { startTicking, ticker } from '../stores/clock'
import { room, syncClock } from '../stores/lots'

/**
 * The server's clock (the one that decides every close), shown to everyone in a bid page. It keeps
 * itself going: a page without lots (my bids) still reads the server's time and ticks.
 */
export function ServerClock() {
  const { t } = useTranslation()
  useEffect(() => {
    const stop = startTicking()
    void syncClock()
    return stop
  }, [])
  const { offsetMs } = useSnapshot(room)
  const { deviceNow } = useSnapshot(ticker)
  const now = new Date(deviceNow + offsetMs)
  // hh:mm:ss a on the portal's office clock (the seconds are the same in every zone).
  const [hm, period] = fmtTime(now).split(' ')
  const shown = `${hm}:${String(now.getUTCSeconds()).padStart(2, '0')} ${period ?? ''}`.trim()
  return (
    <p className="bid-clock" data-testid="server-clock">
      {t('bids.serverTime')} <time dateTime={now.toISOString()}>{shown}</time>{' '}
      {/* Every time of the portal is India time (spec): the clock says so, for readers elsewhere. */}
      <span className="bid-clock-zone">IST</span>
    </p>
  )
}
