import type { GlobalDashboard, PriceIndexRow } from '@diamond/contracts/http/dashboard'
import { bracketLabel } from '@diamond/contracts/http/dashboard.values'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { fmt2, fmtCount, fmtDateTime, fmtUsd } from '../../../lib/format'
import { dollars } from '../stores/dashboard.rules'
import { Card, Lines, StoneLabel } from './Card'

// The chart library comes with the global tab only.
const PriceChart = lazy(() => import('./PriceChart'))

const signed = (v: number | null, f: (n: number) => string) => (v === null ? '-' : `${v > 0 ? '+' : ''}${f(v)}`)

/** The global tab: the market at a glance, the price index as a chart and a table, the day's picks, auctions. */
export function GlobalCards({ data }: { data: GlobalDashboard }) {
  const { t } = useTranslation()
  const d = data
  const pick = (id: 'deal' | 'stone', s: GlobalDashboard['dealOfDay'], href: string) => (
    <Card id={id} title={t(`dashboard.${id}OfDay`)} href={href} empty={!s}>
      {s && (
        <Lines>
          <li>
            <Link href={`/diamond-detail/${encodeURIComponent(s.stoneId)}`}>
              <StoneLabel {...s} />
            </Link>
            <span className="dash-muted">
              {fmtUsd(dollars(s.priceCents))}
              {s.back !== null ? ` · ${fmt2(s.back)}%` : ''}
            </span>
          </li>
        </Lines>
      )}
    </Card>
  )
  return (
    <div className="dash-global">
      <dl className="dash-market" data-testid="dash-market">
        {(['listed', 'arrivalsToday', 'soldThisWeek'] as const).map((k) => (
          <div key={k} className="dash-figure">
            <dt>{t(`dashboard.market.${k}`)}</dt>
            <dd data-testid={`dash-${k}`}>{fmtCount(d[k])}</dd>
          </div>
        ))}
      </dl>
      <article className="dash-card dash-card--wide" aria-labelledby="dash-index-title" data-testid="dash-card-index">
        <header className="dash-card-head">
          <h3 id="dash-index-title" className="dash-card-title">
            {t('dashboard.index.title')}
          </h3>
        </header>
        {!d.pricesShown && <p className="dash-empty">{t('dashboard.index.hidden')}</p>}
        {d.pricesShown && d.series.length > 0 && (
          <Suspense fallback={<div className="dash-chart" />}>
            <PriceChart series={d.series} label={t('dashboard.index.chart')} />
          </Suspense>
        )}
        <IndexTable rows={d.index} prices={d.pricesShown} />
      </article>
      <div className="dash-cards">
        {pick('deal', d.dealOfDay, '/deal-of-the-day')}
        {pick('stone', d.stoneOfDay, '/stone-of-the-day')}
        <Card
          id="auctions"
          title={t('dashboard.auctions')}
          count={d.auctions.length}
          href="/search-bid-diamond"
          empty={!d.auctions.length}
        >
          <Lines>
            {d.auctions.map((a) => (
              <li key={a.auctionId}>
                <Link href="/search-bid-diamond">{t('dashboard.lots', { count: a.lots })}</Link>
                <span className="dash-muted">{a.closesAt ? fmtDateTime(a.closesAt) : '-'}</span>
              </li>
            ))}
          </Lines>
        </Card>
      </div>
    </div>
  )
}

/** The index's rows: shape, size, stones, averages and their change over 7 and 30 days. */
function IndexTable({ rows, prices }: { rows: PriceIndexRow[]; prices: boolean }) {
  const { t } = useTranslation()
  if (!rows.length) return <p className="dash-empty">{t('dashboard.none')}</p>
  const pct = (n: number) => `${fmt2(n)}%`
  const usd = (c: number) => fmtUsd(c / 100)
  return (
    <div className="dash-table-wrap" tabIndex={0} role="region" aria-labelledby="dash-index-title">
      <table className="dash-table" data-testid="dash-index-table">
        <thead>
          <tr>
            <th scope="col">{t('dashboard.index.shape')}</th>
            <th scope="col">{t('dashboard.index.size')}</th>
            <th scope="col" className="num">
              {t('dashboard.index.stones')}
            </th>
            {prices && (
              <>
                <th scope="col" className="num">
                  {t('dashboard.index.back')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.index.ppc')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.index.change7')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.index.change30')}
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 20).map((r) => (
            <tr key={`${r.shape}:${r.bracket}`}>
              <th scope="row">{r.shape}</th>
              <td>
                <bdi dir="ltr">{bracketLabel(r.bracket)}</bdi>
              </td>
              <td className="num">{fmtCount(r.stones)}</td>
              {prices && (
                <>
                  <td className="num">{r.back === null ? '-' : pct(r.back)}</td>
                  <td className="num">{r.ppcCents === null ? '-' : usd(r.ppcCents)}</td>
                  <td className="num">
                    <bdi dir="ltr">{signed(r.ppc7Cents, usd)}</bdi>
                  </td>
                  <td className="num">
                    <bdi dir="ltr">{signed(r.ppc30Cents, usd)}</bdi>
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
