import { describe, expect, it } from 'vitest'
import type { StoneStatus } from '@diamond/contracts/realtime'
import { PendingStatuses, PushBatcher, type PushTarget } from './push.rules'
import { Watchers } from './watchers'

const STONE_A = '00000000-0000-4000-8000-00000000000a'
const STONE_B = '00000000-0000-4000-8000-00000000000b'
const STONE_C = '00000000-0000-4000-8000-00000000000c'
const status = (id: string, version: number, availability: StoneStatus['availability'] = 'H'): StoneStatus => ({
  id,
  vStnId: `V-${id.slice(-1)}`,
  wSts: availability,
  availability,
  version,
  at: '2026-01-01T00:00:00.000Z',
})

type State = ReturnType<PushTarget['state']>
/** A socket as the batcher sees it: its state is set by the test, its batches are recorded. */
function socket(state: State = 'ready') {
  const batches: (readonly StoneStatus[])[] = []
  return {
    state: () => state,
    push: (c: readonly StoneStatus[]) => void batches.push(c),
    batches,
    set: (s: State) => void (state = s),
  }
}
type Socket = ReturnType<typeof socket>
const setup = () => {
  const watchers = new Watchers<Socket>()
  return { watchers, batcher: new PushBatcher(watchers) }
}

describe('pending statuses', () => {
  it('keep the newest version of each stone, whatever the order they arrive in', () => {
    const p = new PendingStatuses()
    p.put(status(STONE_A, 2))
    p.put(status(STONE_A, 5, 'A'))
    p.put(status(STONE_A, 3))
    p.put(status(STONE_B, 1))
    expect(p.size).toBe(2)
    expect(p.take()).toEqual([status(STONE_A, 5, 'A'), status(STONE_B, 1)])
    expect(p.size).toBe(0)
  })

  it('keep the first of two statuses with the same version', () => {
    const p = new PendingStatuses()
    const first = status(STONE_A, 4)
    p.put(first)
    p.put(status(STONE_A, 4, 'A'))
    expect(p.take()[0]).toBe(first)
  })
})

describe('a change of price or details', () => {
  it('is kept when a newer status of the stone supersedes it, and added to one already waiting', () => {
    const p = new PendingStatuses()
    p.put({ ...status(STONE_A, 4), changed: true })
    p.put(status(STONE_A, 5, 'A'))
    p.put(status(STONE_B, 2))
    p.put({ ...status(STONE_B, 2), changed: true })
    expect(p.take()).toEqual([
      { ...status(STONE_A, 5, 'A'), changed: true },
      { ...status(STONE_B, 2), changed: true },
    ])
  })
})

describe('per-connection batches', () => {
  it('send a watcher one message per flush with the newest status of each stone it watches, and nothing else', () => {
    const { watchers, batcher } = setup()
    const one = socket()
    const two = socket()
    const idle = socket()
    watchers.watch(one, [STONE_A, STONE_B])
    watchers.watch(two, [STONE_B])
    watchers.watch(idle, [STONE_C])
    for (let v = 1; v <= 100; v++) batcher.put(status(STONE_A, v, v % 2 ? 'H' : 'A'))
    batcher.put(status(STONE_B, 7))
    expect(batcher.flush()).toEqual({ sent: 2, deferred: 0, dropped: 0 })
    expect(one.batches).toEqual([[status(STONE_A, 100, 'A'), status(STONE_B, 7)]])
    expect(two.batches).toEqual([[status(STONE_B, 7)]])
    expect(idle.batches).toEqual([])
  })

  it('send nothing when nothing changed since the last flush', () => {
    const { watchers, batcher } = setup()
    const s = socket()
    watchers.watch(s, [STONE_A])
    batcher.put(status(STONE_A, 1))
    batcher.flush()
    expect(batcher.dirty).toBe(false)
    expect(batcher.flush()).toEqual({ sent: 0, deferred: 0, dropped: 0 })
    expect(s.batches).toHaveLength(1)
  })

  it('give every feed member each changed stone, once even if it also watches it, as one shared array', () => {
    const { watchers, batcher } = setup()
    const a = socket()
    const b = socket()
    watchers.joinFeed(a)
    watchers.joinFeed(b)
    watchers.watch(a, [STONE_A])
    batcher.put(status(STONE_A, 1))
    batcher.put(status(STONE_C, 3))
    expect(batcher.flush()).toEqual({ sent: 2, deferred: 0, dropped: 0 })
    expect(a.batches).toEqual([[status(STONE_A, 1), status(STONE_C, 3)]])
    expect(b.batches[0]).toBe(a.batches[0])
  })

  it('skip a busy connection, keep coalescing for it, and deliver the newest state once it drains', () => {
    const { watchers, batcher } = setup()
    const slow = socket('busy')
    const fast = socket()
    const slowFeed = socket('busy')
    watchers.watch(slow, [STONE_A, STONE_B])
    watchers.watch(fast, [STONE_A])
    watchers.joinFeed(slowFeed)
    for (let window = 0; window < 50; window++) {
      for (let v = 1; v <= 20; v++) batcher.put(status(STONE_A, window * 20 + v))
      batcher.put(status(STONE_B, window + 1))
      expect(batcher.flush()).toEqual({ sent: 1, deferred: 2, dropped: 0 })
    }
    expect(slow.batches).toEqual([])
    expect(slowFeed.batches).toEqual([])
    expect(fast.batches).toHaveLength(50)
    // Memory is per stone, not per event: 1,050 events, two statuses waiting for each slow socket.
    expect(batcher.waitingFor(slow)).toBe(2)
    expect(batcher.waitingFor(slowFeed)).toBe(2)

    slow.set('ready')
    slowFeed.set('ready')
    expect(batcher.flush()).toEqual({ sent: 2, deferred: 0, dropped: 0 })
    expect(slow.batches).toEqual([[status(STONE_A, 1000), status(STONE_B, 50)]])
    expect(slowFeed.batches).toEqual([[status(STONE_A, 1000), status(STONE_B, 50)]])
  })

  it("merge a drained feed member's leftovers with the new window into one message", () => {
    const { watchers, batcher } = setup()
    const member = socket('busy')
    watchers.joinFeed(member)
    batcher.put(status(STONE_A, 1))
    batcher.flush()
    member.set('ready')
    batcher.put(status(STONE_A, 2))
    batcher.put(status(STONE_B, 1))
    expect(batcher.flush()).toEqual({ sent: 1, deferred: 0, dropped: 0 })
    expect(member.batches).toEqual([[status(STONE_A, 2), status(STONE_B, 1)]])
  })

  it('drop what waits for a connection that closed', () => {
    const { watchers, batcher } = setup()
    const gone = socket('busy')
    watchers.watch(gone, [STONE_A])
    batcher.put(status(STONE_A, 1))
    batcher.flush()
    gone.set('closed')
    expect(batcher.flush()).toEqual({ sent: 0, deferred: 0, dropped: 1 })
    expect(gone.batches).toEqual([])
    expect(batcher.dirty).toBe(false)
  })
})
