import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'

/**
 * Stock's answer to an appointment's stones (issue 24): appointments asks through its own events
 * (`appointments.appointment.booked`, `rescheduled`, `cancelled`, `stones-removed`), stock blocks
 * each stone for the slot (block type 4, office) or says why it could not, and answers here, keyed by
 * the appointment id, so the answers of one appointment arrive in order.
 */
export const OfficeBlockTopics = { officeBlock: 'stock.office-block' } as const
export const OfficeBlockEventTypes = {
  /** Each stone of the appointment, blocked for the slot or refused with a reason (after booked, rescheduled, cancelled). */
  answered: 'stock.office-block.answered',
  /** Staff gave an appointment's blocked stones back to stock by hand (`diamond-block/delete`). */
  released: 'stock.office-block.released',
} as const

/**
 * Why a stone was not blocked: held by another buyer, blocked for someone else (a memo, a show,
 * another appointment), confirmed or sold, in a running auction or otherwise out of live stock,
 * no such stone, or (after a cancel) given back to stock.
 */
export const OFFICE_BLOCK_REASONS = ['held', 'blocked', 'sold', 'unavailable', 'not-found', 'released'] as const
export type OfficeBlockReason = (typeof OFFICE_BLOCK_REASONS)[number]

const Location = Type.String({ maxLength: 60 })

export const OfficeBlockStone = Type.Union([
  Type.Object(
    {
      id: Uuid,
      blocked: Type.Literal(true),
      /** Until when (UTC): the slot's end. */
      until: Type.String({ format: 'date-time' }),
      /** Where the stone lies (stock's location), for the transfer lead time. */
      location: Location,
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      id: Uuid,
      blocked: Type.Literal(false),
      reason: literals(OFFICE_BLOCK_REASONS),
      location: Type.Optional(Location),
    },
    { additionalProperties: false },
  ),
])
export type OfficeBlockStone = Static<typeof OfficeBlockStone>

export const OfficeBlockAnswered = Type.Object(
  {
    appointmentId: Uuid,
    /** The appointment's version the answer is for (the asking event's). */
    version: Type.Integer({ minimum: 1 }),
    stones: Type.Array(OfficeBlockStone),
  },
  { additionalProperties: false },
)
export type OfficeBlockAnswered = Static<typeof OfficeBlockAnswered>

/** Blocks of an appointment that staff released by hand: those stones are no longer held for it. */
export const OfficeBlockReleased = Type.Object(
  { appointmentId: Uuid, stoneIds: Type.Array(Uuid, { minItems: 1 }) },
  { additionalProperties: false },
)
export type OfficeBlockReleased = Static<typeof OfficeBlockReleased>
