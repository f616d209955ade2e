import { Type, type Static, type TLiteral, type TSchema, type TUnion } from 'typebox'

/**
 * The spec's response envelope: `code` is `OK` on success or an error code, plus `message` and `data`.
 * Every HTTP answer of every service has this shape.
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.String(), message: Type.String(), data })

export const Uuid = Type.String({ format: 'uuid', maxLength: 36 })

/**
 * A calendar day, YYYY-MM-DD: a real one (no 2027-02-30) in the years 1900–2099. No business date
 * lies further out, and windows counted from it (a week of slots, a calendar) stay inside four-digit
 * years: 9999-12-31 plus a week crashed the slot board (500).
 */
export const CalendarDay = Type.String({ format: 'date', pattern: '^(19|20)\\d{2}-\\d{2}-\\d{2}$' })

/** Page requests: the spec's default page size is 250. */
export const DEFAULT_PAGE_SIZE = 250
export const MAX_PAGE_SIZE = 1000
export const PageRequest = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  },
  { additionalProperties: false, examples: [{ page: 1, limit: 50 }] },
)
export type PageRequest = Static<typeof PageRequest>

export const HealthData = Type.Object({
  service: Type.String(),
  status: Type.Union([Type.Literal('ready'), Type.Literal('starting'), Type.Literal('degraded')]),
  checks: Type.Record(Type.String(), Type.Boolean()),
})
export type HealthData = Static<typeof HealthData>

// The cast keeps each value as its own literal type: mapped over a plain array, Static would be never.
type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> }
/** A schema accepting exactly the strings of a list (the list stays the one source of the values). */
export const literals = <const T extends readonly string[]>(values: T): TUnion<Literals<T>> =>
  Type.Union(values.map((v) => Type.Literal(v))) as never
