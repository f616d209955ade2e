import { randomBytes, randomUUID } from 'node:crypto'
import { text } from 'node:stream/consumers'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import {
  API_PREFIX,
  createHttpServer,
  createTokenService,
  loadPlatformConfig,
  MemoryBus,
  type HttpServer,
  type Principal,
} from '@diamond/runtime'
import stockService from '../src/app'
import { loadStockConfig } from '../src/config'
import type { InventoryService, UploadPipeline } from '../src/modules/inventory/inventory.service'
import {
  UPLOAD_FIELDS,
  type Mapping,
  type SheetRow,
  type StoneDraft,
  type UploadField,
} from '../src/modules/inventory/inventory.types'
import { freshDatabase } from '../../../test/db'

/**
 * A pipeline of drafts built directly (the reading, mapping and listing rules are built beside this
 * module): a comma-separated text whose headers are the draft's field names, each row a draft, a row
 * without shape invalid. The service, the database, the bus and the routes are the real ones.
 */
const draftPipeline: UploadPipeline = {
  async readSheet(input) {
    const lines = (await text(input.stream)).split('\n').filter((l) => l.trim())
    const headers = lines[0]!.split(',')
    return {
      headers,
      rows: (async function* () {
        for (let i = 1; i < lines.length; i++) yield { row: i + 1, cells: lines[i]!.split(',') } satisfies SheetRow
        await Promise.resolve()
      })(),
    }
  },
  matchHeaders(headers, saved?: Mapping) {
    const known = new Set<string>(UPLOAD_FIELDS)
    return Object.fromEntries(
      headers.map((h) => [h, saved && h in saved ? saved[h]! : known.has(h) ? (h as UploadField) : null]),
    )
  },
  checker(headers, mapping) {
    const seen = new Set<string>()
    return {
      check(row) {
        const v: Record<string, string> = {}
        headers.forEach((h, i) => {
          const f = mapping[h]
          if (f) v[f] = row.cells[i] ?? ''
        })
        const stockNo = v.stoneId ?? ''
        const reasons: string[] = []
        if (!v.shape) reasons.push('required.shape')
        if (seen.has(stockNo)) reasons.push('duplicate.stoneId')
        seen.add(stockNo)
        if (reasons.length) return { row: row.row, stockNo, ok: false, reasons }
        const draft: StoneDraft = {
          stoneId: stockNo,
          certNo: v.certNo ?? '',
          shape: v.shape!,
          carat: Number(v.carat ?? 1),
          color: v.color ?? 'G',
          clarity: v.clarity ?? 'VS1',
          cut: 'EX',
          polish: 'EX',
          symmetry: 'EX',
          fluorescence: 'NON',
          lab: 'GIA',
          location: 'MUMBAI',
          shade: 'NONE',
          back: Number(v.back ?? -30),
          length: 0,
          width: 0,
          height: 0,
          depPer: 0,
          tblPer: 0,
          girdle: '',
          culet: '',
          treatment: 'NONE',
          origin: '',
          growthType: 'NATURAL',
          keyToSymbol: '',
          comments: v.comments ?? '',
          fancyColor: '',
          fancyIntensity: '',
          fancyOvertone: '',
          eyeClean: '',
          milky: '',
          imageUrl: '',
          videoUrl: '',
          certificateUrl: '',
        }
        return { row: row.row, stockNo, ok: true, draft, flags: [] }
      },
    }
  },
}

const HEADER = 'stoneId,certNo,shape,carat,color,clarity,back,comments'
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n'

function multipart(fields: Record<string, string>, file: { name: string; content: string } | null) {
  const boundary = `----inv${randomBytes(8).toString('hex')}`
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  )
  if (file)
    parts.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: text/csv\r\n\r\n${file.content}\r\n`,
    )
  return { body: parts.join('') + `--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` }
}

describe('seller inventory: upload, preview, commit, history, listings', () => {
  let app: HttpServer
  let sql: postgres.Sql
  let inventory!: InventoryService
  let failMidCommit = false
  const sign: { [k: string]: string } = {}
  const sellerA = randomUUID()
  const sellerB = DEMO_COMPANY_IDS['Shah Diamonds']!
  const tokenOf = (p: Partial<Principal> & Pick<Principal, 'userType'>) => ({
    id: randomUUID(),
    username: p.userType,
    perms: {},
    noPrice: false,
    ver: 0,
    guest: false,
    trusted: true,
    ...p,
  })

  beforeAll(async () => {
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: await freshDatabase('stock'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_DATA: 'true',
      STOCK_DEMO_STONES: '40',
      // The sweep runs when the test calls it.
      STOCK_LISTING_SWEEP_MS: '3600000',
    }
    const config = loadPlatformConfig(env)
    const tokens = createTokenService(config.JWT_SECRET, 3600)
    app = await createHttpServer({ title: 'stock' })
    const bus = new MemoryBus()
    app.addHook('onClose', () => bus.close())
    await app.register(stockService, {
      config,
      bus,
      tokens,
      prefix: API_PREFIX,
      stock: loadStockConfig(env),
      expose: (s) => (inventory = s.inventory),
      inventory: {
        pipeline: draftPipeline,
        hooks: {
          midCommit: async (tx) => {
            // A statement that fails after the updates went through: the whole commit must roll back.
            if (failMidCommit) await tx`select 1 / 0`
          },
        },
      },
    })
    await app.ready()
    sign.sellerA = tokens.sign(tokenOf({ userType: 'seller', company: 'Alpha Gems', companyId: sellerA }))
    sign.sellerB = tokens.sign(tokenOf({ userType: 'seller', company: 'Shah Diamonds', companyId: sellerB }))
    sign.buyer = tokens.sign(
      tokenOf({
        userType: 'buyer',
        perms: { quickSearch: 'v', diamondSearch: 'v', searchList: 'v', hold: 'vi', pricing: 'v' },
      }),
    )
    sign.staff = tokens.sign(tokenOf({ userType: 'admin', operator: true, company: 'Diamond Portal' }))
    sql = postgres(env.DATABASE_URL, { max: 2, onnotice: () => {} })
  })
  afterAll(async () => {
    await sql?.end()
    await app?.close()
  })

  const call = async (path: string, body: unknown, token: string) => {
    const r = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${path}`,
      headers: { authorization: `JWT ${token}` },
      payload: body as object,
    })
    return { status: r.statusCode, body: r.json<{ code: string; message: string; data: any }>() }
  }
  const upload = async (token: string, mode: string, content: string, extra: Record<string, string> = {}) => {
    const m = multipart({ mode, ...extra }, { name: 'stock.csv', content })
    const r = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/seller/inventory/upload`,
      headers: { authorization: `JWT ${token}`, 'content-type': m.type },
      payload: m.body,
    })
    return { status: r.statusCode, body: r.json<{ code: string; message: string; data: any }>() }
  }
  const find = async (stockNo: string) => {
    const r = await call('diamond/quick-search', { search: stockNo }, sign.buyer!)
    expect(r.body.code).toBe('OK')
    return (r.body.data.list as { id: string; stoneId: string; back: number; availability: string }[]).filter(
      (s) => s.stoneId === stockNo,
    )
  }
  const stonesOf = (seller: string) =>
    sql<{ id: string; stone_id: string; w_sts: string; back: string; status_version: number }[]>`
      select id, stone_id, w_sts, back::text, status_version from stock.stones where seller_company_id = ${seller} order by stone_id`
  const outboxTypes = async (ids: string[]) =>
    (await sql<{ type: string }[]>`select type from stock.outbox where key = any(${ids}) order by created_at`).map(
      (r) => r.type,
    )

  it('previews an add-and-update upload, changes nothing, then commits it: buyers find the new stones', async () => {
    const r = await upload(
      sign.sellerA!,
      'addUpdate',
      csv('A-1,111,ROUND,1.01,G,VS1,-30,', 'A-2,,PEAR,0.5,F,VS2,-25,', 'A-3,,,1,G,VS1,-30,'),
    )
    expect(r.body.code).toBe('OK')
    expect(r.body.data).toMatchObject({
      status: 'preview',
      mapping: { stoneId: 'stoneId', shape: 'shape' },
      report: { received: 3, valid: 2, invalid: 1, added: 2, updated: 0, deleted: 0, unchanged: 0 },
      invalid: [{ row: 4, stockNo: 'A-3', reasons: ['required.shape'] }],
    })
    expect(typeof r.body.data.report.durationMs).toBe('number')
    expect(await stonesOf(sellerA)).toEqual([])
    expect(await find('A-1')).toEqual([])

    const added = await call('seller/inventory/rows', { id: r.body.data.id, kind: 'added' }, sign.sellerA!)
    expect(added.body.data).toMatchObject({
      count: 2,
      list: [{ row: 2, stockNo: 'A-1', shape: 'ROUND' }, { stockNo: 'A-2' }],
    })

    const c = await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)
    expect(c.body.code).toBe('OK')
    expect(c.body.data).toMatchObject({ status: 'committed', report: { added: 2, invalid: 1 } })
    const mine = await stonesOf(sellerA)
    expect(mine.map((s) => s.stone_id)).toEqual(['A-1', 'A-2'])
    expect(await find('A-1')).toHaveLength(1)
    expect(await outboxTypes(mine.map((s) => s.id))).toEqual(['stock.stone.arrived', 'stock.stone.arrived'])
    // Committed once: again is refused clearly.
    expect((await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)).body.code).toBe(
      'E_UPLOAD_DONE',
    )
  })

  it('names the fields an update changes and the price change, and reprices on commit', async () => {
    const r = await upload(
      sign.sellerA!,
      'addUpdate',
      csv('A-1,111,ROUND,1.01,G,VS1,-40,', 'A-2,,PEAR,0.5,F,VS2,-25,pinpoint'),
    )
    expect(r.body.data.report).toMatchObject({ received: 2, updated: 2, unchanged: 0, added: 0 })
    const updated = await call('seller/inventory/rows', { id: r.body.data.id, kind: 'updated' }, sign.sellerA!)
    const [one, two] = updated.body.data.list
    expect(one).toMatchObject({ stockNo: 'A-1', pricePct: -14.29 })
    expect(one.changes.map((c: { field: string }) => c.field)).toEqual(['back', 'amtCents'])
    expect(two).toMatchObject({
      stockNo: 'A-2',
      pricePct: null,
      changes: [{ field: 'comments', from: '', to: 'pinpoint' }],
    })
    await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)
    const [a1] = await find('A-1')
    expect(a1!.back).toBe(-40)
    const ids = (await stonesOf(sellerA)).map((s) => s.id)
    const types = await outboxTypes(ids)
    expect(types).toContain('stock.stone.priced')
    expect(types).toContain('stock.stone.updated')
  })

  it('replace-all deletes the stones a file leaves out but never a held one, also when held after the preview', async () => {
    await upload(sign.sellerA!, 'addUpdate', csv('A-3,,OVAL,1,H,SI1,-35,', 'A-4,,OVAL,1,H,SI1,-35,')).then((r) =>
      call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!),
    )
    const before = await stonesOf(sellerA)
    const id = (no: string) => before.find((s) => s.stone_id === no)!.id
    expect((await call('diamond/hold', { id: id('A-2') }, sign.buyer!)).body.code).toBe('OK')

    const r = await upload(sign.sellerA!, 'replaceAll', csv('A-1,111,ROUND,1.01,G,VS1,-40,'))
    expect(r.body.data.report).toMatchObject({ received: 1, unchanged: 1, deleted: 2, kept: 1 })
    const kept = await call('seller/inventory/rows', { id: r.body.data.id, kind: 'kept' }, sign.sellerA!)
    expect(kept.body.data.list).toMatchObject([{ stockNo: 'A-2', keptReason: 'held', wouldBe: 'deleted', row: null }])
    // A-3 is held after the preview: the commit keeps it too.
    expect((await call('diamond/hold', { id: id('A-3') }, sign.buyer!)).body.code).toBe('OK')

    const c = await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)
    expect(c.body.data.report).toMatchObject({ deleted: 1, kept: 2 })
    const after = await stonesOf(sellerA)
    expect(after.map((s) => [s.stone_id, s.w_sts])).toEqual([
      ['A-1', 'A'],
      ['A-2', 'H'],
      ['A-3', 'H'],
      ['A-4', 'R'],
    ])
    expect(await find('A-4')).toEqual([])
    expect(await find('A-2')).toHaveLength(1)
    expect(await outboxTypes([id('A-4')])).toContain('stock.stone.removed')
  })

  it('leaves the stock as it was when the commit fails midway', async () => {
    const before = await stonesOf(sellerA)
    const r = await upload(sign.sellerA!, 'replaceAll', csv('A-1,111,ROUND,1.01,G,VS1,-10,', 'A-9,,ROUND,2,D,IF,-5,'))
    expect(r.body.data.report).toMatchObject({ updated: 1, added: 1 })
    failMidCommit = true
    const failed = await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)
    failMidCommit = false
    expect(failed.status).toBe(500)
    expect(failed.body.code).toBe('E_INTERNAL')
    expect(await stonesOf(sellerA)).toEqual(before)
    expect((await find('A-1'))[0]!.back).toBe(-40)
    // The preview stands and commits once the fault is gone.
    const ok = await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)
    expect(ok.body.data).toMatchObject({ status: 'committed', report: { updated: 1, added: 1 } })
  })

  it('refuses a commit while another of the same seller holds the lock, and keeps sellers apart', async () => {
    const r = await upload(sign.sellerA!, 'addUpdate', csv('A-10,,ROUND,1,G,VS1,-30,'))
    const lock = await sql.reserve()
    try {
      await lock`select pg_advisory_lock(hashtext('stock:inventory'), hashtext(${sellerA}))`
      expect((await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)).body.code).toBe(
        'E_UPLOAD_BUSY',
      )
      await lock`select pg_advisory_unlock(hashtext('stock:inventory'), hashtext(${sellerA}))`
    } finally {
      lock.release()
    }
    // Another seller's upload is not found; a buyer may not upload at all.
    expect((await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerB!)).body.code).toBe('E_NOT_FOUND')
    expect((await call('seller/inventory/rows', { id: r.body.data.id, kind: 'added' }, sign.sellerB!)).body.code).toBe(
      'E_NOT_FOUND',
    )
    expect((await upload(sign.buyer!, 'addUpdate', csv('X-1,,ROUND,1,G,VS1,-30,'))).body.code).toBe('E_FORBIDDEN')
    expect((await call('seller/inventory/paginate', {}, sign.buyer!)).body.code).toBe('E_FORBIDDEN')
    expect((await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)).body.code).toBe('OK')
  })

  it('lets staff upload for a seller they name, and shows the history with its reports', async () => {
    expect((await upload(sign.staff!, 'addUpdate', csv('B-1,,ROUND,1,G,VS1,-30,'))).body.code).toBe('E_VALIDATION')
    const r = await upload(sign.staff!, 'addUpdate', csv('B-1,,ROUND,1,G,VS1,-30,'), { sellerCompanyId: sellerB })
    expect(r.body.data).toMatchObject({ sellerCompanyId: sellerB, report: { added: 1 } })
    await call('seller/inventory/commit', { id: r.body.data.id }, sign.staff!)
    const b1 = (await stonesOf(sellerB)).find((s) => s.stone_id === 'B-1')
    expect(b1).toBeTruthy()

    const mine = await call('seller/inventory/paginate', {}, sign.sellerA!)
    expect(mine.body.data.count).toBe(6)
    expect(mine.body.data.list[0]).toMatchObject({
      status: 'committed',
      sellerName: 'Alpha Gems',
      report: { added: 1 },
    })
    const all = await call('seller/inventory/paginate', {}, sign.staff!)
    expect(all.body.data.count).toBe(7)
    const theirs = await call('seller/inventory/paginate', { sellerCompanyId: sellerB }, sign.staff!)
    expect(theirs.body.data.list).toMatchObject([{ sellerName: 'Shah Diamonds' }])
  })

  it('keeps a mapping per seller and re-runs a preview with a changed mapping', async () => {
    const content = ['Stock #,Shape,Weight,Color,Clarity,Disc', 'M-1,ROUND,1,G,VS1,-30'].join('\n')
    const r = await upload(sign.sellerA!, 'addUpdate', content)
    expect(r.body.data.mapping).toMatchObject({ 'Stock #': null, Shape: null })
    expect(r.body.data.report).toMatchObject({ invalid: 1 })
    const mapping = {
      'Stock #': 'stoneId',
      Shape: 'shape',
      Weight: 'carat',
      Color: 'color',
      Clarity: 'clarity',
      Disc: 'back',
    }
    const again = await call('seller/inventory/remap', { id: r.body.data.id, mapping }, sign.sellerA!)
    expect(again.body.data).toMatchObject({ status: 'preview', mapping, report: { valid: 1, added: 1, invalid: 0 } })
    expect((await call('seller/inventory/mapping', { mapping: { X: 'nonsense' } }, sign.sellerA!)).body.code).toBe(
      'E_VALIDATION',
    )
    await call('seller/inventory/mapping', { mapping }, sign.sellerA!)
    expect((await call('seller/inventory/mapping', {}, sign.sellerA!)).body.data.mapping).toEqual(mapping)
    expect((await call('seller/inventory/mapping', {}, sign.sellerB!)).body.data.mapping).toEqual({})
    const next = await upload(sign.sellerA!, 'addUpdate', content)
    expect(next.body.data.report).toMatchObject({ valid: 1 })
  })

  it('downloads the invalid rows as Excel', async () => {
    const r = await upload(sign.sellerA!, 'addUpdate', csv('=cmd,,,1,G,VS1,-30,'))
    const x = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/seller/inventory/invalid-excel`,
      headers: { authorization: `JWT ${sign.sellerA}` },
      payload: { id: r.body.data.id },
    })
    expect(x.statusCode).toBe(200)
    expect(x.headers['content-type']).toContain('spreadsheetml')
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })

  it('expires listings after their time (buyers lose them), tells the seller a day before, and refresh brings them back', async () => {
    const [a1] = (await stonesOf(sellerA)).filter((s) => s.stone_id === 'A-1')
    const [a9] = (await stonesOf(sellerA)).filter((s) => s.stone_id === 'A-9')
    await sql`update stock.stones set listed_until = now() - interval '1 minute' where id = ${a1!.id}`
    await sql`update stock.stones set listed_until = now() + interval '2 hours' where id = ${a9!.id}`
    const swept = await inventory.sweep()
    expect(swept.expired).toBe(1)
    expect(swept.told).toBeGreaterThanOrEqual(1)
    expect(await find('A-1')).toEqual([])
    expect(await outboxTypes([a1!.id])).toContain('stock.stone.expired')
    const notices = await sql<{ event: { data: { kind: string; params: { count: number } } } }[]>`
      select event from stock.outbox where type = 'stock.trade.listing-expiring'`
    expect(notices[0]!.event.data).toMatchObject({ kind: 'listing.expiring', params: { count: 1 } })

    const page = await call('seller/diamond/paginate', { status: 'expired' }, sign.sellerA!)
    expect(page.body.data.list.map((s: { stockNo: string }) => s.stockNo)).toEqual(['A-1'])
    expect(page.body.data.counts).toMatchObject({ expired: 1, expiring: 1, held: 2 })

    const refreshed = await call('seller/diamond/refresh', { ids: [a1!.id] }, sign.sellerA!)
    expect(refreshed.body.data.refreshed).toBe(1)
    expect(await find('A-1')).toHaveLength(1)
    expect(await outboxTypes([a1!.id])).toContain('stock.stone.relisted')
  })

  it('deletes selected stones from the manage screen, keeping held ones', async () => {
    const mine = await stonesOf(sellerA)
    const ids = mine.filter((s) => ['A-1', 'A-2'].includes(s.stone_id)).map((s) => s.id)
    const r = await call('seller/diamond/delete', { ids }, sign.sellerA!)
    expect(r.body.data).toMatchObject({ deleted: 1, kept: [{ reason: 'held' }] })
    expect(await find('A-1')).toEqual([])
    // Someone else's stones are simply not there.
    expect((await call('seller/diamond/delete', { ids }, sign.sellerB!)).body.data).toEqual({ deleted: 0, kept: [] })
  })
})
