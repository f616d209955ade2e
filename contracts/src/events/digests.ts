import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

/**
 * Stock notification digests travel in three steps, each service doing what it owns:
 * auth knows who subscribed (`auth.digest.due`, once per user and period), stock knows the stones
 * (`stock.digest.prepared` once per file, `stock.digest.ready` per user), notifications writes and
 * sends the mail. The file and the users it goes to share the event key (the file's key), so they
 * travel in order on one partition: a ready digest never arrives before its file.
 */
export const DigestTopics = { due: 'auth.digest', stock: 'stock.digest' } as const
export const DigestEventTypes = {
  due: 'auth.digest.due',
  prepared: 'stock.digest.prepared',
  ready: 'stock.digest.ready',
} as const

const Interval = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])
const StockType = Type.Union([Type.Literal(0), Type.Literal(1)])
const Instant = Type.String({ format: 'date-time' })

/** Who the digest is for and what it covers; the reader's name, address and language travel with it. */
const Recipient = {
  userId: Uuid,
  email: Type.String({ minLength: 3, maxLength: 254 }),
  name: Type.String({ maxLength: 200 }),
  locale: Type.String({ maxLength: 5 }),
  interval: Interval,
  stockType: StockType,
  period: Type.String({ minLength: 1, maxLength: 40 }),
  since: Instant,
  until: Instant,
  /** Users who may not see prices get a digest and a file without them. */
  noPrice: Type.Boolean(),
  /** Signed by auth for one purpose: turning this user's digests off without signing in. */
  unsubscribeToken: Type.String({ minLength: 1, maxLength: 200 }),
}

export const DigestDue = Type.Object(Recipient, { additionalProperties: false })
export type DigestDue = Static<typeof DigestDue>

const Count = Type.Object({ name: Type.String(), count: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })
export const DigestStone = Type.Object(
  {
    vStnId: Type.String(),
    shape: Type.String(),
    carat: Type.Number(),
    color: Type.String(),
    clarity: Type.String(),
    lab: Type.String(),
    /** Discount against Rap in % and price per carat in USD; null for a reader who may not see prices. */
    back: Type.Union([Type.Number(), Type.Null()]),
    pricePerCarat: Type.Union([Type.Number(), Type.Null()]),
  },
  { additionalProperties: false },
)
export type DigestStone = Static<typeof DigestStone>

export const DigestSummary = Type.Object(
  {
    count: Type.Integer({ minimum: 0 }),
    carats: Type.Number({ minimum: 0 }),
    byShape: Type.Array(Count),
    bySize: Type.Array(Count),
    best: Type.Array(DigestStone),
    /** Stones in the attached file (at most MAX_DIGEST_STONES, the best first). */
    attached: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
)
export type DigestSummary = Static<typeof DigestSummary>

export const DigestPrepared = Type.Object(
  {
    fileKey: Type.String({ minLength: 1, maxLength: 120 }),
    fileName: Type.String({ minLength: 1, maxLength: 120 }),
    /** The Excel workbook, base64. */
    xlsx: Type.String(),
  },
  { additionalProperties: false },
)
export type DigestPrepared = Static<typeof DigestPrepared>

export const DigestReady = Type.Object(
  { ...Recipient, fileKey: Type.String({ minLength: 1, maxLength: 120 }), summary: DigestSummary },
  { additionalProperties: false },
)
export type DigestReady = Static<typeof DigestReady>
