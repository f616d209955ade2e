import { Compile } from 'typebox/compile'
import { can } from '@diamond/contracts/permissions'
import { WatchStones, type Ack } from '@diamond/contracts/realtime'
import type { Principal } from '@diamond/runtime'
import { rooms } from './hub'

const checkWatch = Compile(WatchStones)
const ok: Ack = { code: 'OK', message: 'OK' }

/**
 * What a connection may join, decided by the server from the caller's rights: a client names
 * stones or the feed, never a room. Both transports use these rules.
 */
export function stoneRooms(who: Principal, input: unknown): { rooms: string[]; ack: Ack } {
  if (!can(who.perms, 'searchList', 'view')) return { rooms: [], ack: { code: 'E_FORBIDDEN', message: 'You do not have permission to do this.' } }
  if (!checkWatch.Check(input)) {
    const e = [...checkWatch.Errors(input)][0]
    return { rooms: [], ack: { code: 'E_VALIDATION', message: `Invalid Fields: ids${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}` } }
  }
  return { rooms: input.ids.map(rooms.stone), ack: ok }
}

export function feedRoom(who: Principal, input: unknown): { rooms: string[]; ack: Ack } {
  if ((input as { feed?: unknown })?.feed !== 'stock') return { rooms: [], ack: { code: 'E_VALIDATION', message: 'Invalid Fields: feed must be stock' } }
  if (!can(who.perms, 'searchList', 'view')) return { rooms: [], ack: { code: 'E_FORBIDDEN', message: 'You do not have permission to do this.' } }
  return { rooms: [rooms.stockFeed], ack: ok }
}
