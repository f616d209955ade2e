import type { PersonalDashboard } from '@diamond/contracts/http/dashboard'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { fmtCount, fmtDate, fmtDateTime, fmtUsd } from '../../../lib/format'
import { countdown, dollars, remaining } from '../stores/dashboard.rules'
import { Card, Lines, StoneLabel } from './Card'

const detail = (id: string) => `/diamond-detail/${encodeURIComponent(id)}`

type LineStone = { stoneId: string; vStnId: string; shape: string; carat: number }

/** A card's line for one stone: its label linking to the stone's page, then what the card says of it. */
function StoneLine({ stone, children, testId }: { stone: LineStone; children: ReactNode; testId?: string }) {
  return (
    <li data-testid={testId}>
      <Link href={detail(stone.stoneId)}>
        <StoneLabel {...stone} />
      </Link>
      {children}
    </li>
  )
}

/** A hold's time left, ticking every second by the server's clock. */
function Countdown({ until, skew }: { until: string; skew: number }) {
  const { t } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const left = remaining(until, now, skew)
  return (
    <span className={`dash-countdown${left < 120_000 ? ' dash-countdown--soon' : ''}`} data-testid="dash-countdown">
      {left > 0 ? (
        <>
          <span className="visually-hidden">{t('dashboard.timeLeft')} </span>
          <bdi dir="ltr">{countdown(left)}</bdi>
        </>
      ) : (
        t('dashboard.expired')
      )}
    </span>
  )
}

/** The personal tab: my holds, offers, bids, appointments, orders, reminders, matches, follows; a seller's today. */
export function PersonalCards({ data, skew }: { data: PersonalDashboard; skew: number }) {
  const { t } = useTranslation()
  const d = data
  return (
    <div className="dash-cards">
      <Card id="holds" title={t('dashboard.holds')} count={d.holds.count} href="/account/hold" empty={!d.holds.count}>
        <Lines>
          {d.holds.list.map((h) => (
            <StoneLine key={h.stoneId} stone={h}>
              {' '}
              <Countdown until={h.expiresAt} skew={skew} />{' '}
            </StoneLine>
          ))}
        </Lines>
      </Card>
      <Card
        id="offers"
        title={t('dashboard.offers')}
        count={d.offers.count}
        href="/account/offer-list"
        empty={!d.offers.count}
      >
        <Lines>
          {d.offers.list.map((o) => (
            <StoneLine key={o.trackId} stone={o}>
              {' '}
              <span className="dash-muted">{fmtUsd(dollars(o.priceCents))}</span>{' '}
            </StoneLine>
          ))}
        </Lines>
      </Card>
      <Card
        id="bids"
        title={t('dashboard.bids')}
        count={d.bids.leading + d.bids.outbid}
        href="/my-bid"
        empty={!d.bids.list.length}
      >
        <p className="dash-split">
          <span className="dash-pill dash-pill--good">{t('dashboard.leading', { count: d.bids.leading })}</span>{' '}
          <span className="dash-pill dash-pill--bad">{t('dashboard.outbid', { count: d.bids.outbid })}</span>
        </p>
        <Lines>
          {d.bids.list.map((b) => (
            <StoneLine key={b.lotId} stone={b}>
              {' '}
              <span className={b.state === 'leading' ? 'dash-good' : 'dash-bad'}>
                {t(`dashboard.state.${b.state}`)}
              </span>{' '}
            </StoneLine>
          ))}
        </Lines>
      </Card>
      <Card
        id="appointments"
        title={t('dashboard.appointments')}
        count={d.appointments.count}
        href="/appointments"
        empty={!d.appointments.count}
      >
        <Lines>
          {d.appointments.list.map((a) => (
            <li key={a.appointmentId}>
              <Link href="/appointments">{a.officeName}</Link>
              <span className="dash-muted">{fmtDateTime(a.startsAt)}</span>
            </li>
          ))}
        </Lines>
      </Card>
      <Card
        id="orders"
        title={t('dashboard.orders')}
        count={d.orders.count}
        href="/account/purchase-history"
        empty={!d.orders.count}
      >
        <Lines>
          {d.orders.list.map((o) => (
            <li key={o.orderId}>
              <Link href={o.shipment ? '/account/my-shipment' : '/account/purchase-history'}>{o.orderNo}</Link>
              <span className="dash-muted">
                {t('dashboard.pcs', { count: o.pcs })} · {fmtUsd(dollars(o.finalCents))}
                {o.shipment ? ` · ${t(`dashboard.shipment.${o.shipment}`, { defaultValue: o.shipment })}` : ''}
              </span>
            </li>
          ))}
        </Lines>
      </Card>
      <Card
        id="reminders"
        title={t('dashboard.reminders')}
        count={d.reminders.count}
        href="/account/reminder"
        empty={!d.reminders.count}
      >
        <Lines>
          {d.reminders.list.map((r) => (
            <StoneLine key={r.trackId} stone={r}>
              {' '}
              <span className="dash-muted">{fmtDateTime(r.reminderAt)}</span>{' '}
            </StoneLine>
          ))}
        </Lines>
      </Card>
      <Card
        id="matches"
        title={t('dashboard.matches')}
        count={d.matches.count}
        href="/account/my-demand"
        empty={!d.matches.count && !d.savedSearches.length}
      >
        <Lines>
          {d.matches.list.map((m) => (
            <StoneLine key={`${m.demandId}:${m.stoneId}`} stone={m}>
              <span className="dash-muted">{m.title}</span>
            </StoneLine>
          ))}
          {d.savedSearches.map((s) => (
            <li key={s.searchId}>
              <Link href="/account/saved-search">{s.title}</Link>
              <span className="dash-muted">{t('dashboard.newStones', { count: s.newStones })}</span>
            </li>
          ))}
        </Lines>
      </Card>
      <Card id="followed" title={t('dashboard.followed')} count={d.followed.count} empty={!d.followed.count}>
        <Lines>
          {d.followed.list.map((f) => (
            <StoneLine key={f.stoneId} stone={f} testId="dash-followed-stone">
              {' '}
              <span className="dash-muted">{f.companyName}</span>{' '}
            </StoneLine>
          ))}
        </Lines>
      </Card>
      {d.seller && (
        <Card id="seller" title={t('dashboard.sellerToday')} href="/inventory/diamonds">
          <dl className="dash-stats">
            {(['views', 'watchlistAdds', 'holds', 'bids'] as const).map((k) => (
              <div key={k}>
                <dt>{t(`dashboard.seller.${k}`)}</dt>
                <dd>{fmtCount(d.seller![k])}</dd>
              </div>
            ))}
            <div>
              <dt>{t('dashboard.seller.expiring')}</dt>
              <dd>{fmtCount(d.seller.expiring.count)}</dd>
            </div>
          </dl>
          <Lines>
            {d.seller.expiring.list.map((s) => (
              <StoneLine key={s.stoneId} stone={s}>
                {' '}
                <span className="dash-muted">{fmtDate(s.listedUntil)}</span>{' '}
              </StoneLine>
            ))}
          </Lines>
        </Card>
      )}
    </div>
  )
}
