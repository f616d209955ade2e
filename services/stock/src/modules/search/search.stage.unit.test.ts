import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import type { Database, Principal } from '@diamond/runtime'
import { demoStone } from '../demo/demo.rules'
import { SearchService } from './search.service'

/**
 * An open commit stages its new stones beside its inserts only while nobody searches: from a search
 * under way or started since it began, it waits until the commit has nothing left but to wait for the
 * index (`hurried`). A search is held under way here by its recent-filter lookup (a
 * "suggested" list awaits it), and counts only (no database is read).
 */
const noop = () => {}

describe('SearchService.stage: searches first', () => {
  const buyer: Principal = {
    id: 'b0000000-0000-4000-8000-000000000001',
    username: 'buyer',
    userType: 'buyer',
    perms: { diamondSearch: 'v', searchList: 'v', pricing: 'v' },
    noPrice: false,
    ver: 0,
    guest: false,
    trusted: true,
  }
  const setup = () => {
    let answer: (f: StoneFilter | null) => void = () => {}
    const service = new SearchService(
      {} as Database,
      { limit: 5000, newArrivalDays: 7, media: {} as never },
      () => new Promise<StoneFilter | null>((resolve) => (answer = resolve)),
    )
    const searching = () => service.search(buyer, { countOnly: true }, 'suggested')
    return { service, searching, endSearch: () => answer(null) }
  }
  // Batches as a commit's reader hands them over: each after its read (a turn of the timers here).
  const batches = async function* () {
    await sleep(1)
    yield Array.from({ length: 120 }, (_, i) => ({ ...demoStone(500 + i), statusVersion: 0, vStnId: '' }))
  }

  it('stages beside the commit while nobody searches', async () => {
    const { service } = setup()
    await service.stage(batches(), new Promise<void>(() => {}))
    expect(service.index.size).toBe(120)
    expect(service.index.goneCount).toBe(120) // hidden until the commit shows them
  })

  it('gives way to a search under way, and from then on until the commit waits for it', async () => {
    const { service, searching, endSearch } = setup()
    const search = searching()
    let hurry = () => {}
    const staging = service.stage(batches(), new Promise<void>((resolve) => (hurry = resolve)))
    await sleep(50)
    expect(service.index.size).toBe(0)
    endSearch()
    expect((await search).count).toBe(0)
    await sleep(50)
    expect(service.index.size).toBe(0)
    hurry()
    await staging
    expect(service.index.size).toBe(120)
  })

  /**
   * Stages three batches of 40, running `between` when the second is asked for (the first is staged
   * by then): the second must be held, the third not asked for, however long nothing else happens,
   * until the commit waits for the index; then all are staged.
   */
  const expectHeldAfterFirst = async (service: SearchService, between: () => Promise<void>) => {
    const asked: number[] = []
    let handedOver = () => {}
    const second = new Promise<void>((resolve) => (handedOver = resolve))
    const batches = async function* () {
      for (let b = 0; b < 3; b++) {
        asked.push(b)
        if (b === 1) await between()
        else await sleep(1)
        if (b === 1) setImmediate(handedOver) // once the stager holds it
        yield Array.from({ length: 40 }, (_, i) => ({ ...demoStone(700 + b * 40 + i), statusVersion: 0, vStnId: '' }))
      }
    }
    let hurry = () => {}
    const staging = service.stage(batches(), new Promise<void>((resolve) => (hurry = resolve)))
    await second
    await sleep(50)
    expect(asked).toEqual([0, 1])
    expect(service.index.size).toBe(40)
    hurry()
    await staging
    expect(service.index.size).toBe(120)
  }

  it('gives way to a search that starts while it stages', async () => {
    const { service, searching, endSearch } = setup()
    let search: Promise<unknown> = Promise.resolve()
    await expectHeldAfterFirst(service, async () => {
      expect(service.index.size).toBe(40)
      search = searching() // a buyer searches between two batches, and is still at it
      await sleep(1)
    })
    endSearch()
    await search
  })

  it('counts a pairs search and a stone view as searches', async () => {
    for (const look of [
      (service: SearchService) => service.matchPairs(buyer, {}),
      (service: SearchService) => service.view(buyer, 'N1'),
    ]) {
      const { service } = setup()
      // Answered (not found, no database): over, but it came.
      await expectHeldAfterFirst(service, () => look(service).then(noop, noop))
    }
  })

  it('gives way from a search that came and went while it staged', async () => {
    const { service, searching, endSearch } = setup()
    await expectHeldAfterFirst(service, async () => {
      const search = searching()
      endSearch()
      await search // over before the second batch is handed over
    })
  })
})
