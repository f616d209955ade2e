import { snapshot, subscribe } from 'valtio'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StonePage, StoneRow } from '@diamond/contracts/http/stock'
import type { StoneStatus } from '@diamond/contracts/realtime'
import type { ApiResult } from '../../../lib/api'

const api = vi.hoisted(() => ({ paginateStones: vi.fn(), holdStone: vi.fn(), releaseHold: vi.fn() }))
vi.mock('../api/stones', () => api)
vi.mock('../../../lib/realtime', () => ({ watchStones: vi.fn(), onStoneStatus: vi.fn(() => () => {}), onConnect: vi.fn(() => () => {}) }))

const { applyStatus, ensureOwner, hold, loadPage, stones, FLASH_MS } = await import('./stones')

const ok = <T>(data: T): ApiResult<T> => ({ error: null, data, response: { code: 'OK', message: 'OK', data } })
const fail = (code: string): ApiResult<never> => ({ error: { code, message: code }, data: null, response: { code, message: code, data: null } })

let n = 0
function row(over: Partial<StoneRow> = {}): StoneRow {
  n++
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    vStnId: `D${n}`,
    stoneId: `S${n}`,
    shpNm: 'ROUND', crt: 1, colNm: 'D', clrNm: 'VS1', cutNm: 'EX', polNm: 'EX', symNm: 'EX', fluNm: 'NON',
    lbNm: 'GIA', locNm: 'India', shdNm: 'WHITE', rap: 1000, back: -30, amt: 700, ctPr: 700,
    wSts: 'A', sSts: 'A', availability: 'A', statusVersion: 1, heldByMe: false,
    ...over,
  }
}
const status = (r: StoneRow, over: Partial<StoneStatus>): StoneStatus => ({
  id: r.id, vStnId: r.vStnId, wSts: 'H', availability: 'H', version: r.statusVersion + 1, at: '2026-01-01T00:00:00Z', ...over,
})

async function showPage(list: StoneRow[]) {
  api.paginateStones.mockResolvedValueOnce(ok<StonePage>({ list, count: list.length }))
  await loadPage(1)
}

describe('live stone store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    ensureOwner(`user-${Math.random()}`)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.clearAllMocks()
  })

  it('applies a pushed change only when it is newer than the row', async () => {
    const a = row({ statusVersion: 5 })
    await showPage([a])
    applyStatus(status(a, { version: 5 }))
    applyStatus(status(a, { version: 4 }))
    expect(stones.byId[a.id]!.availability).toBe('A')
    applyStatus(status(a, { version: 6 }))
    expect(stones.byId[a.id]).toMatchObject({ availability: 'H', wSts: 'H', statusVersion: 6 })
  })

  it('marks a changed row for a moment', async () => {
    const a = row()
    await showPage([a])
    applyStatus(status(a, {}))
    expect(stones.byId[a.id]!.flash).toBe(true)
    vi.advanceTimersByTime(FLASH_MS)
    expect(stones.byId[a.id]!.flash).toBe(false)
  })

  it("notifies only the changed stone's subscribers, and leaves the page's id list as it was", async () => {
    const a = row()
    const b = row()
    await showPage([a, b])
    const idsBefore = snapshot(stones).ids
    const onA = vi.fn()
    const onB = vi.fn()
    subscribe(stones.byId[a.id]!, onA, true)
    subscribe(stones.byId[b.id]!, onB, true)
    applyStatus(status(a, {}))
    expect(onA).toHaveBeenCalled()
    expect(onB).not.toHaveBeenCalled()
    expect(snapshot(stones).ids).toBe(idsBefore)
  })

  it('keeps a pushed status that is newer than a page read that crossed it', async () => {
    const a = row({ statusVersion: 1 })
    await showPage([a])
    applyStatus(status(a, { version: 3 }))
    await showPage([{ ...a, statusVersion: 2, wSts: 'A', availability: 'A' }])
    expect(stones.byId[a.id]).toMatchObject({ availability: 'H', statusVersion: 3 })
  })

  it('shows my own hold as mine, and forgets it when the stone comes back', async () => {
    const a = row()
    await showPage([a])
    api.holdStone.mockResolvedValueOnce(ok({ id: a.id, vStnId: a.vStnId, wSts: 'H', availability: 'H', statusVersion: 2, expiresAt: '2026-01-01T00:30:00Z' }))
    expect(await hold(a.id)).toBeNull()
    expect(stones.byId[a.id]).toMatchObject({ heldByMe: true, availability: 'H' })
    applyStatus(status(a, { wSts: 'A', availability: 'A', version: 9 }))
    expect(stones.byId[a.id]).toMatchObject({ heldByMe: false, availability: 'A' })
  })

  it('knows after a reload which holds are mine, from the page the server sends', async () => {
    const a = row({ wSts: 'H', availability: 'H', statusVersion: 4, heldByMe: true })
    await showPage([a])
    expect(stones.byId[a.id]).toMatchObject({ heldByMe: true, availability: 'H' })
  })

  it('re-reads the page when someone else was quicker', async () => {
    const a = row()
    await showPage([a])
    api.holdStone.mockResolvedValueOnce(fail('E_STONE_UNAVAILABLE'))
    api.paginateStones.mockResolvedValueOnce(ok<StonePage>({ list: [{ ...a, wSts: 'H', availability: 'H', statusVersion: 2 }], count: 1 }))
    const err = await hold(a.id)
    expect(err?.code).toBe('E_STONE_UNAVAILABLE')
    await vi.waitFor(() => expect(stones.byId[a.id]!.availability).toBe('H'))
    expect(stones.byId[a.id]!.heldByMe).toBe(false)
  })
})
