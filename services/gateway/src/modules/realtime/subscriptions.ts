import { Compile } from 'typebox/compile'
import { ErrorCodes } from '@diamond/contracts/errors'
import { can, seesPrices } from '@diamond/contracts/permissions'
import {
  AuctionJoin,
  MAX_JOINED_AUCTIONS,
  MAX_WATCHED_STONES,
  WatchStones,
  type Ack,
  type ClientFrame,
} from '@diamond/contracts/realtime'
import type { Principal } from '@diamond/runtime'
import type { AuctionMembers } from './auctions'
import type { Watchers } from './watchers'

const checkWatch = Compile(WatchStones)
const checkAuction = Compile(AuctionJoin)
const ok: Ack = { code: 'OK', message: 'OK' }
const forbidden: Ack = { code: 'E_FORBIDDEN', message: 'You do not have permission to do this.' }
const noPrice: Ack = { code: 'E_BID_NO_PRICE', message: ErrorCodes.E_BID_NO_PRICE.message }

/**
 * What a connection may hear, decided by the server from the caller's rights: a client names
 * stones or the feed, never a room. Both transports go through `subscribe`.
 */
export function subscribe<C>(
  watchers: Watchers<C>,
  conn: C,
  who: Principal,
  type: ClientFrame['type'],
  input: unknown,
): Ack {
  if (type === 'feed.join') {
    if ((input as { feed?: unknown })?.feed !== 'stock')
      return { code: 'E_VALIDATION', message: 'Invalid Fields: feed must be stock' }
    if (!can(who.perms, 'searchList', 'view')) return forbidden
    watchers.joinFeed(conn)
    return ok
  }
  if (!can(who.perms, 'searchList', 'view')) return forbidden
  if (!checkWatch.Check(input)) {
    const e = [...checkWatch.Errors(input)][0]
    return {
      code: 'E_VALIDATION',
      message: `Invalid Fields: ids${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}`,
    }
  }
  if (type === 'stones.unwatch') watchers.unwatch(conn, input.ids)
  else if (!watchers.watch(conn, input.ids))
    return { code: 'E_VALIDATION', message: `Invalid Fields: at most ${MAX_WATCHED_STONES} stones` }
  return ok
}

/**
 * Joining or leaving an auction's room. The server decides: bid view is needed (a guest has it and
 * may watch; nothing a room hears is anyone's secret), and prices, since a room hears the highs and
 * results in money: a user who does not see prices (Is_NoPrice) is refused as the lot call refuses
 * them (E_BID_NO_PRICE). The id need not name a known auction: a room of an unknown id simply hears
 * nothing, and saying "no such auction" here would let a socket probe ids that the API keeps to
 * itself.
 */
export function auctionRoom<C>(
  auctions: AuctionMembers<C>,
  conn: C,
  who: Principal,
  type: 'auction.join' | 'auction.leave',
  input: unknown,
): Ack {
  if (!checkAuction.Check(input)) {
    const e = [...checkAuction.Errors(input)][0]
    return {
      code: 'E_VALIDATION',
      message: `Invalid Fields: auctionId${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}`,
    }
  }
  if (type === 'auction.leave') {
    auctions.leave(conn, input.auctionId)
    return ok
  }
  if (!can(who.perms, 'bid', 'view')) return forbidden
  if (!seesPrices(who.perms)) return noPrice
  if (!auctions.join(conn, input.auctionId))
    return { code: 'E_VALIDATION', message: `Invalid Fields: at most ${MAX_JOINED_AUCTIONS} auctions` }
  return ok
}
