import { BLOCK_MASTER, BLOCK_TYPES, type BlockType } from '@diamond/contracts/http/blocks.values'
import type { Action, Module } from '@diamond/contracts/permissions'
import type { FieldProblem } from '../search/search.rules'

export interface BlockAsk {
  blockType: BlockType
  /** The buyer the block is for, when it is not the caller. */
  userId?: string | undefined
  memoNo?: string | undefined
}

const problem = (field: string, message: string): FieldProblem => ({ field, in: 'body', message })

/** What is wrong with a block request, field by field (nothing: an empty list). */
export function blockProblems(ask: BlockAsk, callerId: string): FieldProblem[] {
  const out: FieldProblem[] = []
  const forOther = ask.userId !== undefined && ask.userId !== callerId
  if (ask.blockType === BLOCK_TYPES.memo) {
    // A memo goes out to a named buyer under a memo number.
    if (!forOther) out.push(problem('userId', 'a memo is given to a buyer: name the buyer'))
    if (!ask.memoNo) out.push(problem('memoNo', 'a memo needs a memo number'))
  } else if (ask.memoNo !== undefined) {
    out.push(problem('memoNo', 'only a memo (blockType 2) has a memo number'))
  }
  return out
}

/**
 * The right a block needs. A buyer holds for themselves with the hold insert right; holding for
 * someone else, a memo and a show block are the staff's (all on hold or memo); an office block needs
 * all on office.
 */
export function blockRight(ask: BlockAsk, callerId: string): [Module, Action] {
  const forOther = ask.userId !== undefined && ask.userId !== callerId
  switch (ask.blockType) {
    case BLOCK_TYPES.hold:
      return forOther ? ['hold', 'all'] : ['hold', 'insert']
    case BLOCK_TYPES.memo:
    case BLOCK_TYPES.show:
      return ['memo', 'all']
    case BLOCK_TYPES.office:
      return ['office', 'all']
  }
}

/** The right that lets someone see and release every buyer's blocks of a type (none: staff of hold). */
export const staffRight = (blockType: BlockType): [Module, Action] =>
  blockType === BLOCK_TYPES.hold
    ? ['hold', 'all']
    : blockType === BLOCK_TYPES.office
      ? ['office', 'all']
      : ['memo', 'all']

const BY_TYPE = new Map<number, (typeof BLOCK_MASTER)[number]>(BLOCK_MASTER.map((m) => [m.blockType, m]))

/** The web status a block puts the stone in. */
export const webStatusOf = (blockType: BlockType): string => BY_TYPE.get(blockType)!.wSts

export const blockCodeOf = (blockType: BlockType): string => BY_TYPE.get(blockType)!.code

/** The block type a web status belongs to, if it is one a block sets. */
export function blockTypeOfStatus(wSts: string): BlockType | null {
  return BLOCK_MASTER.find((m) => m.wSts === wSts)?.blockType ?? null
}

/** Whole seconds left on a hold by the server's clock (never below zero). */
export function secondsLeft(expiresAt: Date | string, serverNow: Date | string): number {
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - new Date(serverNow).getTime()) / 1000))
}
