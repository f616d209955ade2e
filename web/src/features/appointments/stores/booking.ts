import { proxy, ref } from 'valtio'
import type { AppointmentView, SlotView } from '@diamond/contracts/http/appointments'
import type { StoneRow } from '@diamond/contracts/http/stock'
import type { ApiError } from '../../../lib/api'
import { paginateStones } from '../../../grid/api/stones'
import { listOffices, slotBoard, type OfficeOption } from '../api/appointments'

type Load = 'idle' | 'loading' | 'ready' | 'error'

/** The offices one may book, read once per visit (they change when staff edit them, rarely). */
export const offices = proxy({ list: [] as OfficeOption[], load: 'idle' as Load, error: null as ApiError | null })

export async function loadOffices(): Promise<void> {
  if (offices.load === 'ready' || offices.load === 'loading') return
  offices.load = 'loading'
  const { data, error } = await listOffices()
  if (error) {
    offices.load = 'error'
    offices.error = error
    return
  }
  offices.list = data.list
  offices.load = 'ready'
}

/** Days one board shows at a time. */
export const BOARD_DAYS = 7

/**
 * One slot board: the office, in person or virtual, from which day. A screen owns its board (the
 * booking screen and the reschedule dialog each have one), so they never step on each other.
 */
export interface Board {
  officeId: string
  virtual: boolean
  /** YYYY-MM-DD in the office's zone; '' for the office's today. */
  from: string
  slots: SlotView[]
  load: Load
  error: ApiError | null
  seq: number
}

export const newBoard = (officeId = '', virtual = false): Board =>
  proxy<Board>({ officeId, virtual, from: '', slots: [], load: 'idle', error: null, seq: 0 })

/** Reads the board again; an older answer arriving late is dropped. */
export async function loadBoard(board: Board, opts: { quiet?: boolean } = {}): Promise<void> {
  if (!board.officeId) return
  const mine = ++board.seq
  if (!opts.quiet) board.load = 'loading'
  const { data, error } = await slotBoard({
    officeId: board.officeId,
    virtual: board.virtual,
    days: BOARD_DAYS,
    ...(board.from ? { date: board.from } : {}),
  })
  if (mine !== board.seq) return
  if (error) {
    board.load = 'error'
    board.error = error
    return
  }
  board.slots = data.list
  board.error = null
  board.load = 'ready'
}

/** Shows another office's board (from its today). */
export function boardOffice(board: Board, officeId: string): void {
  if (officeId === board.officeId) return
  board.officeId = officeId
  board.from = ''
  void loadBoard(board)
}

/** In person or virtual: the same office's other board. */
export function boardMode(board: Board, virtual: boolean): void {
  if (virtual === board.virtual) return
  board.virtual = virtual
  void loadBoard(board)
}

/** The board from another day (never before the office's today). */
export function boardFrom(board: Board, day: string, today: string): void {
  board.from = day < today ? today : day
  void loadBoard(board)
}

/** A slot taken or freed (the board's push, or our own booking): its count changes without a read. */
export function setFree(board: Board, slotId: string, free: number): void {
  const s = board.slots.find((x) => x.id === slotId)
  if (s) s.free = Math.max(0, free)
}

/** The stones by id as the grid shows them (number, shape, carat…), for the lists of an appointment. */
export const stoneFacts = proxy({ byId: ref({} as Record<string, StoneRow>) })

export async function loadStoneFacts(ids: readonly string[]): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !stoneFacts.byId[id])
  if (!missing.length) return
  const { data } = await paginateStones({ filter: { ids: missing }, page: 1, limit: missing.length })
  if (!data) return
  stoneFacts.byId = ref({ ...stoneFacts.byId, ...Object.fromEntries(data.list.map((r) => [r.id, r])) })
}

/** The last booking made on this visit: the screen shows its answer per stone. */
export const lastBooked = proxy({ view: null as AppointmentView | null })
