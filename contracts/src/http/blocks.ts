import { Type, type Static } from 'typebox'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, Uuid } from '../common'
import { StatusResult, StoneRow } from './stock'

/** Block types 1 hold, 2 memo, 3 show, 4 office (blocks.values.ts). */
export const BlockTypeSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)])

const page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
}

/**
 * `diamond-block/create`: blocks an available stone. Type 1 is the same hold as `diamond/hold`.
 * `userId` (staff only) names the buyer the block is for; a memo (type 2) needs a buyer and a memo
 * number.
 */
export const BlockCreate = Type.Object(
  {
    id: Uuid,
    blockType: Type.Optional(BlockTypeSchema),
    userId: Type.Optional(Uuid),
    memoNo: Type.Optional(Type.String({ minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9/-]+$' })),
  },
  { additionalProperties: false },
)
export type BlockCreate = Static<typeof BlockCreate>

export const BlockCreated = Type.Object({
  ...StatusResult.properties,
  blockType: BlockTypeSchema,
  userId: Uuid,
  memoNo: Type.String(),
  /** A hold's end by the database clock; null for the other blocks (they last until released). */
  expiresAt: Type.Union([Type.String(), Type.Null()]),
})
export type BlockCreated = Static<typeof BlockCreated>

/** `diamond-block/paginate`: my blocks (my holds first to expire); staff see everyone's, or one buyer's. */
export const BlockList = Type.Object(
  { blockType: Type.Optional(BlockTypeSchema), userId: Type.Optional(Uuid), ...page },
  { additionalProperties: false },
)
export type BlockList = Static<typeof BlockList>

/** A stone row with the block on it (spec section 3's other row fields). */
export const BlockRow = Type.Object({
  ...StoneRow.properties,
  blockType: BlockTypeSchema,
  blockCode: Type.String(),
  memoNo: Type.String(),
  /** The buyer the block is for. */
  userId: Uuid,
  /** When the block was made. */
  userDate: Type.String(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
})
export type BlockRow = Static<typeof BlockRow>

/** With the database clock's time now, so a screen counts down to `expiresAt` on the server clock. */
export const BlockPage = Type.Object({ list: Type.Array(BlockRow), count: Type.Integer(), serverTime: Type.String() })
export type BlockPage = Static<typeof BlockPage>

/** `diamond-block/delete`: gives a blocked stone back to stock (the holder's own, or staff any). */
export const BlockRelease = Type.Object({ id: Uuid }, { additionalProperties: false })
export type BlockRelease = Static<typeof BlockRelease>

/** `memo/paginate`: stones on memo to me (staff: everyone's, or one buyer's), newest first. */
export const MemoList = Type.Object({ userId: Type.Optional(Uuid), ...page }, { additionalProperties: false })
export type MemoList = Static<typeof MemoList>
export const MemoPage = Type.Object({ list: Type.Array(BlockRow), count: Type.Integer() })
export type MemoPage = Static<typeof MemoPage>

export const BlockMasterRow = Type.Object({
  blockType: BlockTypeSchema,
  code: Type.String(),
  name: Type.String(),
  wSts: Type.String(),
})
export const BlockMasterPage = Type.Object({ list: Type.Array(BlockMasterRow), count: Type.Integer() })
export type BlockMasterPage = Static<typeof BlockMasterPage>
export const BlockMasterList = Type.Object(page, { additionalProperties: false })
export type BlockMasterList = Static<typeof BlockMasterList>
