import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { EnquiryState } from '@diamond/contracts/http/enquiries.values'
import { TRACK_TYPES } from '@diamond/contracts/http/tracks.values'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf } from '@diamond/runtime/statements'
import { stones } from '../stones/stones.schema'
import { tracks } from '../tracks/tracks.schema'
import { enquiryMessages, type EnquiryMessageRow } from './enquiries.schema'
import type { Side } from './enquiries.rules'

/** The side of an enquiry's last message (null: nobody wrote after the enquiry itself). */
const lastSide = sql<Side | null>`(select ${enquiryMessages.side} from ${enquiryMessages}
  where ${enquiryMessages.trackId} = ${tracks.id} order by ${enquiryMessages.seq} desc limit 1)`
const lastAt = sql<Date | null>`(select max(${enquiryMessages.createdAt}) from ${enquiryMessages}
  where ${enquiryMessages.trackId} = ${tracks.id})`

const isEnquiry = eq(tracks.trackType, TRACK_TYPES.enquiry)
const stateIs = (state: EnquiryState): SQL =>
  state === 'answered' ? sql`${lastSide} = 'sales'` : sql`coalesce(${lastSide}, 'buyer') = 'buyer'`

const ENQUIRY_COLUMNS = {
  id: tracks.id,
  userId: tracks.userId,
  ownerName: tracks.ownerName,
  stoneId: tracks.stoneId,
  enquiry: tracks.enquiry,
  createdAt: tracks.createdAt,
  vStnId: stones.vStnId,
  shape: stones.shape,
  carat: stones.carat,
  color: stones.color,
  clarity: stones.clarity,
  lastSide,
  lastAt,
}
export interface EnquiryRecord {
  id: string
  userId: string
  ownerName: string
  stoneId: string
  enquiry: string | null
  createdAt: Date
  vStnId: string
  shape: string
  carat: string
  color: string
  clarity: string
  lastSide: Side | null
  lastAt: Date | string | null
}

/** Enquiries, newest first: one buyer's (`userId`), or everyone's (null: the sales team's inbox). */
export async function pageEnquiries(
  client: Sql,
  f: { userId: string | null; state: EnquiryState | null; limit: number; offset: number },
): Promise<{ rows: EnquiryRecord[]; count: number; open: number }> {
  const db = orm(client)
  const mine = f.userId === null ? undefined : eq(tracks.userId, f.userId)
  const where = and(isEnquiry, mine, f.state ? stateIs(f.state) : undefined)
  const [rows, count, open] = await Promise.all([
    db
      .select(ENQUIRY_COLUMNS)
      .from(tracks)
      .innerJoin(stones, eq(stones.id, tracks.stoneId))
      .where(where)
      .orderBy(desc(tracks.createdAt), tracks.id)
      .limit(f.limit)
      .offset(f.offset),
    db.$count(tracks, where),
    db.$count(tracks, and(isEnquiry, mine, stateIs('open'))),
  ])
  return { rows, count, open }
}

export async function findEnquiry(client: Sql | Tx, id: string): Promise<EnquiryRecord | null> {
  const [row] = await orm(client)
    .select(ENQUIRY_COLUMNS)
    .from(tracks)
    .innerJoin(stones, eq(stones.id, tracks.stoneId))
    .where(and(eq(tracks.id, id), isEnquiry))
  return row ?? null
}

export async function messagesOf(client: Sql | Tx, trackIds: readonly string[]): Promise<EnquiryMessageRow[]> {
  if (!trackIds.length) return []
  return orm(client)
    .select()
    .from(enquiryMessages)
    .where(anyOf(enquiryMessages.trackId, trackIds))
    .orderBy(asc(enquiryMessages.seq))
}

export async function addMessage(
  tx: Tx,
  m: { trackId: string; side: Side; authorId: string; authorName: string; message: string },
): Promise<void> {
  await orm(tx).insert(enquiryMessages).values(m)
}
