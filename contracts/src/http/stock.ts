import { Type, type Static } from 'typebox'
import { PageRequest, Uuid } from '../common'
import { Availability } from '../events/stock'

/** A stone row with the spec's field names. Prices are null for users whose settings hide them. */
export const StoneRow = Type.Object({
  id: Uuid,
  vStnId: Type.String(),
  stoneId: Type.String(),
  shpNm: Type.String(),
  crt: Type.Number(),
  colNm: Type.String(),
  clrNm: Type.String(),
  cutNm: Type.String(),
  polNm: Type.String(),
  symNm: Type.String(),
  fluNm: Type.String(),
  lbNm: Type.String(),
  locNm: Type.String(),
  shdNm: Type.String(),
  rap: Type.Union([Type.Number(), Type.Null()]),
  back: Type.Union([Type.Number(), Type.Null()]),
  amt: Type.Union([Type.Number(), Type.Null()]),
  ctPr: Type.Union([Type.Number(), Type.Null()]),
  wSts: Type.String(),
  sSts: Type.String(),
  availability: Availability,
  statusVersion: Type.Integer(),
  /** The caller holds this stone (so the screen can offer Release after a reload). */
  heldByMe: Type.Boolean(),
})
export type StoneRow = Static<typeof StoneRow>

export const PaginateStones = PageRequest
export const StonePage = Type.Object({ list: Type.Array(StoneRow), count: Type.Integer() })
export type StonePage = Static<typeof StonePage>

export const HoldRequest = Type.Object({ id: Uuid }, { additionalProperties: false })
export type HoldRequest = Static<typeof HoldRequest>

/** A stone's status after the caller's hold or release; statusVersion orders it against pushes. */
export const StatusResult = Type.Object({
  id: Uuid,
  vStnId: Type.String(),
  wSts: Type.String(),
  availability: Availability,
  statusVersion: Type.Integer(),
})
export type StatusResult = Static<typeof StatusResult>

export const HoldResult = Type.Object({ ...StatusResult.properties, expiresAt: Type.String() })
export type HoldResult = Static<typeof HoldResult>
