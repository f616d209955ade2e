import { subscribeKey } from 'valtio/utils'
import type { SlotsChanged } from '@diamond/contracts/realtime'
import { live, watchBoards } from '../../../lib/realtime'
import { loadBoard, setFree, type Board } from './booking'

/**
 * What a push says of the board: each listed slot's new count (in a cabin or virtual, as the board
 * shows), and whether a slot it names falls inside the board's days without being on it (freed
 * from full, say), so the board must read again to show it.
 */
export function applySlots(board: Board, m: SlotsChanged): { reread: boolean } {
  if (m.officeId !== board.officeId || board.slots.length === 0) return { reread: false }
  const first = Date.parse(board.slots[0]!.startsAt)
  const last = Date.parse(board.slots.at(-1)!.startsAt)
  let reread = false
  for (const s of m.slots) {
    const free = board.virtual ? s.freeVirtual : s.free
    if (board.slots.some((x) => x.id === s.id)) setFree(board, s.id, free)
    else if (free > 0 && Date.parse(s.startsAt) >= first && Date.parse(s.startsAt) <= last) reread = true
  }
  return { reread }
}

/**
 * Keeps an open slot board current: it sits in its office's room (the server pushes each slot taken
 * or freed), moves with the board's office, and reads the board again when it joins (a push may have
 * been missed before) and when staff change the office.
 */
export function followBoard(board: Board): () => void {
  const join = () => watchBoards(board.officeId ? [board.officeId] : [])
  join()
  const offKey = subscribeKey(board, 'officeId', join)
  const offSlots = live.on('slots.changed', (m) => {
    if (applySlots(board, m).reread) void loadBoard(board, { quiet: true })
  })
  const reread = ({ officeId }: { officeId: string }) => {
    if (officeId === board.officeId) void loadBoard(board, { quiet: true })
  }
  const offChanged = live.on('office.changed', reread)
  const offJoined = live.on('office.joined', (officeId) => reread({ officeId }))
  const offConnect = live.on('connect', () => void loadBoard(board, { quiet: true }))
  return () => {
    offKey()
    offSlots()
    offChanged()
    offJoined()
    offConnect()
    watchBoards([])
  }
}
