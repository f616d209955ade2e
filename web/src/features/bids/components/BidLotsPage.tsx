import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import type { BidKind } from '@diamond/contracts/http/bidding.values'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { fmtCount } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { allowed, isGuest, session } from '../../../lib/session'
import { startTicking } from '../stores/clock'
import { followRoom, KIND_FILTERS, loadLots, LOTS_PAGE, room, type LotSource } from '../stores/lots'
import { LotCard } from './LotCard'
import { BidPageHead } from './BidPageHead'
import './bids.css'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * /new-arrival-bid-it/{auctionId?}: the just-bid-it lots (newly arrived stones offered with a
 * buy-now price). /search-bid-diamond: every open and upcoming lot, filtered by kind, each linking
 * to its auction's room; /search-bid-diamond/{auctionId}: that auction's live room.
 */
export function BidLotsPage({ screenId, id }: { screenId: 'newArrivalBidIt' | 'searchBidDiamond'; id?: string }) {
  const { t } = useTranslation()
  const { userPermissions, user } = useSnapshot(session)
  const canView = allowed(userPermissions, 'bid', 'view')
  // Lots are prices: an account that does not see prices is told so, not shown an empty list.
  const seesPrices = allowed(userPermissions, 'pricing', 'view')
  // Bidding names prices: a user who may not see prices (noPrice) cannot bid (the service refuses too).
  const canBid =
    canView &&
    allowed(userPermissions, 'bid', 'insert') &&
    allowed(userPermissions, 'pricing', 'view') &&
    !isGuest(user)
  const [kind, setKind] = useState<BidKind | 'all'>('all')
  const auctionId = id && UUID.test(id) ? id : undefined
  const inRoom = screenId === 'searchBidDiamond' && !!auctionId
  const badId = !!id && !auctionId

  // One object per choice (not per render): the page reads its lots again when it changes.
  const source = useMemo<LotSource>(
    () =>
      auctionId
        ? { kind: 'lots', req: screenId === 'newArrivalBidIt' ? { kind: 'justBidIt', auctionId } : { auctionId } }
        : { kind: 'open', only: screenId === 'newArrivalBidIt' ? 'justBidIt' : kind === 'all' ? undefined : kind },
    [auctionId, screenId, kind],
  )

  useEffect(() => {
    const stopTicking = startTicking()
    const stopFollowing = followRoom()
    return () => {
      stopTicking()
      stopFollowing()
    }
  }, [])
  useEffect(() => {
    if (canView && seesPrices && !badId) void loadLots(source)
  }, [source, canView, seesPrices, badId])

  const title = t(`shell.screens.${screenId}`)
  const { joined } = useSnapshot(room)
  return (
    <div
      className="page bid-page"
      data-testid={inRoom ? 'bid-room' : `screen-${screenId}`}
      data-joined={auctionId ? joined.includes(auctionId) : joined.length > 0}
    >
      <BidPageHead
        back={inRoom ? { href: '/search-bid-diamond', label: t('bids.backToAll') } : undefined}
        title={inRoom ? <RoomTitle fallback={title} /> : title}
        intro={t(inRoom ? 'bids.intro.room' : `bids.intro.${screenId}`)}
      />
      {screenId === 'searchBidDiamond' && !inRoom && !badId && canView && seesPrices && (
        <div className="acct-tabs" role="tablist" aria-label={t('bids.filterKind')}>
          {KIND_FILTERS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={kind === k}
              className={`acct-tab${kind === k ? ' is-active' : ''}`}
              data-testid={`kind-${k}`}
              onClick={() => setKind(k)}
            >
              {t(k === 'all' ? 'bids.kinds.all' : `bids.kinds.${k}`)}
            </button>
          ))}
        </div>
      )}
      {!canView ? (
        <EmptyState textKey="bids.noRight" />
      ) : !seesPrices ? (
        <EmptyState textKey="bids.noPrices" />
      ) : badId ? (
        <EmptyState textKey="bids.noAuction" action={<Link href="/search-bid-diamond">{t('bids.backToAll')}</Link>} />
      ) : (
        <LotGrid
          canBid={canBid}
          linkRooms={!inRoom && screenId === 'searchBidDiamond'}
          emptyKey={auctionId ? 'bids.noAuction' : 'bids.empty'}
        />
      )}
    </div>
  )
}

function RoomTitle({ fallback }: { fallback: string }) {
  const { ids, byId } = useSnapshot(room)
  const first = ids[0] ? byId[ids[0]] : undefined
  return <>{first?.lot.title ?? fallback}</>
}

/** The lots of the page, one card each; shared by the lot pages and the bid cart. */
export function LotGrid({ canBid, linkRooms, emptyKey }: { canBid: boolean; linkRooms: boolean; emptyKey: string }) {
  const { t } = useTranslation()
  const { ids, load, error, count, page } = useSnapshot(room)
  if (load === 'idle' || (load === 'loading' && ids.length === 0))
    return (
      <p className="acct-state" role="status">
        {t('bids.loading')}
      </p>
    )
  if (load === 'error' && error)
    return (
      <div className="acct-state acct-state--error" role="alert">
        <p>{codeText(error.code, error.message)}</p>
        <button type="button" className="btn" onClick={() => room.source && void loadLots(room.source)}>
          {t('bids.retry')}
        </button>
      </div>
    )
  if (ids.length === 0) return <EmptyState textKey={emptyKey} />
  return (
    <>
      <p className="srch-muted" data-testid="lots-total">
        {t('bids.lots', { n: fmtCount(count) })}
      </p>
      <div className="bid-grid" data-testid="lot-grid">
        {ids.map((id) => {
          const entry = room.byId[id]
          return entry ? (
            <LotCard
              key={id}
              entry={entry}
              canBid={canBid}
              roomHref={linkRooms ? `/search-bid-diamond/${entry.lot.auctionId}` : undefined}
            />
          ) : null
        })}
      </div>
      <ListPager
        page={page}
        pages={Math.max(1, Math.ceil(count / LOTS_PAGE))}
        onPage={(p) => {
          if (room.source) void loadLots(room.source, { page: p })
          window.scrollTo({ top: 0 })
        }}
      />
    </>
  )
}
