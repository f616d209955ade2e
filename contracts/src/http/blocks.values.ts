/**
 * Block types as plain values (no TypeBox, so the web app can import them). A block keeps a stone
 * for one buyer or purpose; each sets the stone's web status. Spec section 4 reads "on memo" as
 * wSts M with no block of type 2: type 2 is a memo to a named buyer (with a memo number), which
 * shows in that buyer's memo list, while a stone on the house's own memo has wSts M and no block.
 */
export const BLOCK_TYPES = { hold: 1, memo: 2, show: 3, office: 4 } as const
export type BlockType = (typeof BLOCK_TYPES)[keyof typeof BLOCK_TYPES]

/** `diamond-block-master/paginate`: each type with its code, name and the web status it sets. */
export const BLOCK_MASTER = [
  { blockType: 1, code: 'HOLD', name: 'Hold', wSts: 'H' },
  { blockType: 2, code: 'MEMO', name: 'Memo', wSts: 'M' },
  { blockType: 3, code: 'SHOW', name: 'Show', wSts: 'S' },
  { blockType: 4, code: 'OFFICE', name: 'Office', wSts: 'O' },
] as const satisfies readonly { blockType: BlockType; code: string; name: string; wSts: string }[]
