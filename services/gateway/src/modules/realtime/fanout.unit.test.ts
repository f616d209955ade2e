import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StockEventTypes, type Availability } from '@diamond/contracts/events/stock'
import type { StoneStatus } from '@diamond/contracts/realtime'
import { Fanout } from './fanout'
import type { Hub } from './hub'
import type { PushTarget } from './push.rules'
import { Watchers } from './watchers'

const WINDOW = 25
const STONE = '00000000-0000-4000-8000-000000000001'
const OTHER = '00000000-0000-4000-8000-000000000002'

const stoneEvent = (stoneId: string, statusVersion: number, availability: Availability = 'H') => ({
  id: crypto.randomUUID(),
  type: StockEventTypes.held,
  key: stoneId,
  time: '2026-01-01T00:00:00.000Z',
  producer: 'stock',
  version: 1,
  data: {
    stoneId,
    vStnId: 'V1',
    wSts: availability,
    sSts: '',
    availability,
    statusVersion,
    holderId: 'someone',
    expiresAt: null,
  },
})

function socket(): PushTarget & { batches: (readonly StoneStatus[])[] } {
  const batches: (readonly StoneStatus[])[] = []
  return { state: () => 'ready', push: (c) => void batches.push(c), batches }
}

describe('fan-out of stone changes', () => {
  let watchers: Watchers<PushTarget>
  let fanout: Fanout
  beforeEach(() => {
    vi.useFakeTimers()
    watchers = new Watchers()
    fanout = new Fanout({ notify: () => {} } as unknown as Hub, watchers, WINDOW)
  })
  afterEach(() => {
    fanout.stop()
    vi.useRealTimers()
  })

  it('sends a watcher one batch with the latest version of changes that come together, and nothing to others', () => {
    const watcher = socket()
    const bystander = socket()
    watchers.watch(watcher, [STONE])
    watchers.watch(bystander, [OTHER])
    for (let v = 1; v <= 30; v++) fanout.onStone(stoneEvent(STONE, v, v % 2 ? 'H' : 'A'))
    expect(watcher.batches).toEqual([])
    vi.advanceTimersByTime(WINDOW)
    expect(watcher.batches).toHaveLength(1)
    expect(watcher.batches[0]).toMatchObject([{ id: STONE, version: 30, availability: 'A' }])
    expect(JSON.stringify(watcher.batches)).not.toContain('someone')
    expect(bystander.batches).toEqual([])
    vi.advanceTimersByTime(WINDOW * 10)
    expect(watcher.batches).toHaveLength(1)
  })

  it('tells every connection once per window how many stones arrived, naming none; other changes tell no one', () => {
    const toStock = vi.fn()
    fanout.stop()
    fanout = new Fanout({ notify: () => {}, toStock } as unknown as Hub, watchers, WINDOW)
    const arrived = (id: string, v: number) => ({ ...stoneEvent(id, v, 'A'), type: StockEventTypes.arrived })
    fanout.onStone(stoneEvent(STONE, 1))
    vi.advanceTimersByTime(WINDOW)
    expect(toStock).not.toHaveBeenCalled()
    for (let i = 0; i < 500; i++) fanout.onStone(arrived(i % 2 ? STONE : OTHER, 10 + i))
    fanout.onStone({ ...stoneEvent(OTHER, 600, 'A'), type: StockEventTypes.relisted })
    vi.advanceTimersByTime(WINDOW)
    expect(toStock).toHaveBeenCalledTimes(1)
    expect(toStock.mock.calls[0]![0]).toMatchObject({ type: 'stones.arrived', data: { count: 501 } })
    expect(JSON.stringify(toStock.mock.calls[0])).not.toContain(STONE)
    vi.advanceTimersByTime(WINDOW * 10)
    expect(toStock).toHaveBeenCalledTimes(1)
  })

  it('marks a stone its seller repriced or edited as changed, so the grids showing it read it again', () => {
    const watcher = socket()
    watchers.watch(watcher, [STONE, OTHER])
    fanout.onStone({ ...stoneEvent(STONE, 3, 'A'), type: StockEventTypes.priced })
    fanout.onStone({ ...stoneEvent(OTHER, 3, 'A'), type: StockEventTypes.updated })
    vi.advanceTimersByTime(WINDOW)
    expect(watcher.batches[0]).toEqual([
      expect.objectContaining({ id: STONE, changed: true }),
      expect.objectContaining({ id: OTHER, changed: true }),
    ])
    fanout.onStone(stoneEvent(STONE, 4))
    vi.advanceTimersByTime(WINDOW)
    expect(watcher.batches[1]![0]).not.toHaveProperty('changed')
  })

  it('flushes at most once per window: changes right after a flush wait for the end of that window', () => {
    const watcher = socket()
    watchers.watch(watcher, [STONE])
    fanout.onStone(stoneEvent(STONE, 1))
    vi.advanceTimersByTime(0) // after a quiet spell, at once
    expect(watcher.batches).toHaveLength(1)
    fanout.onStone(stoneEvent(STONE, 2))
    fanout.onStone(stoneEvent(STONE, 3))
    vi.advanceTimersByTime(WINDOW - 1)
    expect(watcher.batches).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(watcher.batches).toEqual([
      [expect.objectContaining({ version: 1 })],
      [expect.objectContaining({ version: 3 })],
    ])
  })

  it('gives a feed member every stone, once even when it also watches the stone', () => {
    const member = socket()
    watchers.joinFeed(member)
    watchers.watch(member, [STONE])
    fanout.onStone(stoneEvent(STONE, 1))
    fanout.onStone(stoneEvent(OTHER, 4))
    vi.advanceTimersByTime(WINDOW)
    expect(member.batches).toEqual([
      [expect.objectContaining({ id: STONE, version: 1 }), expect.objectContaining({ id: OTHER, version: 4 })],
    ])
  })

  it('retries a busy socket every window and then delivers only the newest state', () => {
    let state: ReturnType<PushTarget['state']> = 'busy'
    const batches: (readonly StoneStatus[])[] = []
    const slow: PushTarget = { state: () => state, push: (c) => void batches.push(c) }
    watchers.watch(slow, [STONE])
    for (let v = 1; v <= 5; v++) {
      fanout.onStone(stoneEvent(STONE, v))
      vi.advanceTimersByTime(WINDOW)
    }
    expect(batches).toEqual([])
    state = 'ready'
    vi.advanceTimersByTime(WINDOW)
    expect(batches).toEqual([[expect.objectContaining({ id: STONE, version: 5 })]])
  })
})
