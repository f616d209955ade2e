import { Compile } from 'typebox/compile'
import { ErrorCodes } from '@diamond/contracts/errors'
import { can, seesPrices } from '@diamond/contracts/permissions'
import {
  AuctionJoin,
  MAX_JOINED_AUCTIONS,
  MAX_JOINED_OFFICES,
  OfficeJoin,
  MAX_WATCHED_STONES,
  WatchStones,
  type Ack,
  type ClientFrame,
} from '@diamond/contracts/realtime'
import type { Principal } from '@diamond/runtime'
import type { AuctionMembers } from './auctions'
import { rooms } from './hub'
import type { Watchers } from './watchers'

const checkWatch = Compile(WatchStones)
const checkAuction = Compile(AuctionJoin)
const checkOffice = Compile(OfficeJoin)
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

/** A connection's joins of office rooms, on either transport. */
export interface RoomMember {
  join(room: string): void
  leave(room: string): void
  /** Office and calendar rooms joined so far. */
  joined(): number
}

/**
 * Joining or leaving an office's slot board room (office view: anyone who may see the board) or its
 * calendar room (office `all`: staff see every appointment of the office; a sales person's own come
 * to their user room without joining). The server names the room from the office id; an unknown id
 * hears nothing, as with auctions.
 */
export function officeRoom(
  member: RoomMember,
  who: Principal,
  type: 'office.join' | 'office.leave' | 'calendar.join' | 'calendar.leave',
  input: unknown,
): Ack {
  if (!checkOffice.Check(input)) {
    const e = [...checkOffice.Errors(input)][0]
    return {
      code: 'E_VALIDATION',
      message: `Invalid Fields: officeId${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}`,
    }
  }
  const calendar = type.startsWith('calendar.')
  const room = calendar ? rooms.calendar(input.officeId) : rooms.office(input.officeId)
  if (type.endsWith('.leave')) {
    member.leave(room)
    return ok
  }
  if (!can(who.perms, 'office', calendar ? 'all' : 'view')) return forbidden
  if (member.joined() >= MAX_JOINED_OFFICES)
    return { code: 'E_VALIDATION', message: `Invalid Fields: at most ${MAX_JOINED_OFFICES} offices` }
  member.join(room)
  return ok
}
