import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation, useSearch } from 'wouter'
import type { BidView } from '@diamond/contracts/http/bidding'
import { BID_STATUS, BID_TYPE } from '@diamond/contracts/http/bidding.values'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { fmt2, fmtCount, fmtDateTime, fmtUsd } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { live } from '../../../lib/realtime'
import { allowed, isGuest, session } from '../../../lib/session'
import { startTicking } from '../stores/clock'
import { followRoom, loadLots } from '../stores/lots'
import { BIDS_PAGE, loadMyBids, myBids, resetMyBids } from '../stores/myBids'
import { LotGrid } from './BidLotsPage'
import { BidPageHead } from './BidPageHead'
import './bids.css'

const TABS = ['active', 'cart', 'history'] as const
type Tab = (typeof TABS)[number]
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const STATUS_KEY: Record<number, string> = {
  [BID_STATUS.pending]: 'pending',
  [BID_STATUS.win]: 'win',
  [BID_STATUS.loss]: 'loss',
}
const TYPE_KEY: Record<number, string> = { [BID_TYPE.blind]: 'blind', [BID_TYPE.open]: 'open' }

/**
 * /my-bid: my bids still pending (the one that stands on each lot), my bid cart (its lots, live,
 * with the bid box), and my bid history (every bid, won, lost, withdrawn or raised);
 * `?tab=cart|history` opens a tab. /my-bid/{lotId}: my bids on one lot, newest first.
 */
export function MyBidPage({ id }: { id?: string }) {
  const { t } = useTranslation()
  const search = useSearch()
  const [, navigate] = useLocation()
  const { userPermissions, user } = useSnapshot(session)
  const canView = allowed(userPermissions, 'bid', 'view')
  // Bidding names prices: a user who may not see prices (noPrice) cannot bid (the service refuses too).
  const canBid =
    canView &&
    allowed(userPermissions, 'bid', 'insert') &&
    allowed(userPermissions, 'pricing', 'view') &&
    !isGuest(user)
  const lotId = id && UUID.test(id) ? id : undefined
  // /my-bid/{something that is no lot id}: said so, rather than silently showing the tabs.
  const badId = !!id && !lotId
  const asked = new URLSearchParams(search).get('tab')
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'active'

  useEffect(() => {
    if (!canView || badId) return
    if (lotId) void loadMyBids({ lotId })
    else if (tab === 'active') void loadMyBids({ status: BID_STATUS.pending, current: true })
    else if (tab === 'history') void loadMyBids({})
    return resetMyBids
  }, [tab, lotId, canView, badId])
  // A result, a withdrawal or an outbid changes what my bids say: the list is read again when one is told.
  useEffect(
    () =>
      live.on('notification', (n) => {
        if (n.kind.startsWith('bid.') && myBids.list) void loadMyBids(myBids.req, myBids.page)
      }),
    [],
  )

  const title = t('shell.screens.myBid')
  return (
    <div className="page bid-page" data-testid="screen-myBid">
      <BidPageHead
        back={id ? { href: '/my-bid?tab=history', label: t('bids.backToMyBids') } : undefined}
        title={id ? t('bids.lotHistory') : title}
        intro={t('bids.intro.myBid')}
      />
      {!canView ? (
        <EmptyState textKey="bids.noRight" />
      ) : badId ? (
        <EmptyState textKey="bids.noLotBids" />
      ) : lotId ? (
        <BidTable emptyKey="bids.noLotBids" />
      ) : (
        <>
          <div className="acct-tabs" role="tablist" aria-label={title}>
            {TABS.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                className={`acct-tab${tab === k ? ' is-active' : ''}`}
                data-testid={`tab-${k}`}
                onClick={() => navigate(k === 'active' ? '/my-bid' : `/my-bid?tab=${k}`, { replace: true })}
              >
                {t(`bids.tabs.${k}`)}
              </button>
            ))}
          </div>
          {tab === 'cart' ? <CartTab canBid={canBid} /> : <BidTable />}
        </>
      )}
    </div>
  )
}

/** The bid cart's lots, live like any bid page. */
function CartTab({ canBid }: { canBid: boolean }) {
  useEffect(() => {
    const stopTicking = startTicking()
    const stopFollowing = followRoom()
    void loadLots({ kind: 'cart' })
    return () => {
      stopTicking()
      stopFollowing()
    }
  }, [])
  return <LotGrid canBid={canBid} linkRooms emptyKey="bids.emptyCart" />
}

function BidTable({ emptyKey = 'bids.emptyBids' }: { emptyKey?: string }) {
  const { t } = useTranslation()
  const { list, count, error, page } = useSnapshot(myBids)
  if (error && !list)
    return (
      <div className="acct-state acct-state--error" role="alert">
        <p>{codeText(error.code, error.message)}</p>
      </div>
    )
  if (!list)
    return (
      <p className="acct-state" role="status">
        {t('bids.loading')}
      </p>
    )
  if (list.length === 0) return <EmptyState textKey={emptyKey} />
  return (
    <>
      <p className="srch-muted" data-testid="bids-total">
        {t('bids.total', { n: fmtCount(count) })}
      </p>
      <div className="acct-table-wrap">
        <table className="acct-table bid-table" data-testid="my-bids">
          <thead>
            <tr>
              <th scope="col">{t('bids.columns.stone')}</th>
              <th scope="col">{t('bids.columns.kind')}</th>
              <th scope="col">{t('bids.columns.type')}</th>
              <th scope="col">{t('bids.columns.status')}</th>
              <th scope="col" className="num">
                {t('bids.columns.price')}
              </th>
              <th scope="col" className="num">
                {t('bids.columns.amount')}
              </th>
              <th scope="col" className="num">
                {t('bids.columns.back')}
              </th>
              <th scope="col">{t('bids.columns.date')}</th>
            </tr>
          </thead>
          <tbody>
            {(list as BidView[]).map((b) => (
              <tr
                key={b.id}
                data-testid={`bid-row-${b.vStnId}`}
                data-status={b.status}
                className={b.withdrawn || b.replaced ? 'is-withdrawn' : undefined}
              >
                <th scope="row">
                  <Link href={`/my-bid/${b.lotId}`}>{b.vStnId}</Link>
                </th>
                <td>{t(`bids.kinds.${b.kind}`)}</td>
                <td>{t(`bids.type.${TYPE_KEY[b.type]}`)}</td>
                <td>
                  {/* A bid I withdrew or raised no longer stands: it says so alone, not "Pending" or a red
                      "Loss" beside the raise that won. */}
                  {b.withdrawn ? (
                    <span className="bid-withdrawn">{t('bids.columns.withdrawn')}</span>
                  ) : b.replaced ? (
                    <span className="bid-withdrawn">{t('bids.columns.replaced')}</span>
                  ) : (
                    <span className={`bid-status bid-status--${STATUS_KEY[b.status]}`}>
                      {t(`bids.status.${STATUS_KEY[b.status]}`)}
                    </span>
                  )}
                  {b.position && (
                    <span
                      className={`bid-row-position bid-position--${b.position}`}
                      data-testid={`bid-row-position-${b.vStnId}`}
                    >
                      {' '}
                      · {t(`bids.position.${b.position}`)}
                    </span>
                  )}
                </td>
                <td className="num">
                  <span className="bid-num">{fmtUsd(b.pricePerCaratCents / 100)}</span>
                </td>
                <td className="num">
                  <span className="bid-num">{fmtUsd(b.amountCents / 100)}</span>
                </td>
                <td className="num">
                  <span className="bid-num">{b.back === null ? '-' : `${fmt2(b.back)}%`}</span>
                </td>
                <td>
                  <span className="bid-num">{fmtDateTime(b.createdAt)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPager
        page={page}
        pages={Math.max(1, Math.ceil(count / BIDS_PAGE))}
        onPage={(p) => void loadMyBids(myBids.req, p)}
      />
    </>
  )
}
