import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type postgres from 'postgres'
import yazl from 'yazl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql as statement } from 'drizzle-orm'
import { Value } from 'typebox/value'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { EventEnvelope } from '@diamond/contracts/events/envelope'
import { stoneEventsOf, type DomainEvent } from '@diamond/contracts/events/index'
import { GONE_W_STS, StockBulkEventTypes, StonesChanged, StoneStatusChanged } from '@diamond/contracts/events/stock'
import { query } from '@diamond/runtime/statements'
import { deleteUpload } from '../src/modules/inventory/inventory.repository'
import { availabilitySql, withStatusEvents, type StatusRecord } from '../src/modules/stones/stones.repository'
import { statusEvent } from '../src/modules/stones/stones.service'
import { availabilityOf } from '../src/modules/stones/stones.rules'
import { API_PREFIX, type HttpServer } from '@diamond/runtime'
import type { InventoryService } from '../src/modules/inventory/inventory.service'
import { indexSources } from '../src/modules/search/search.repository'
import type { SearchService } from '../src/modules/search/search.service'
import { StoneIndex } from '../src/modules/search/stone-index'
import { startStockApp, type StockTestApp } from './fixtures/stock-app'

/**
 * Uploads end to end through the real route, reader, header mapping, listing rules, service and
 * database. The files are trade files: RapNet-style headers, values in the trade's own spellings.
 */
const HEADERS = [
  'Stock #',
  'Certificate #',
  'Shape',
  'Weight',
  'Color',
  'Clarity',
  'Cut',
  'Polish',
  'Symmetry',
  'Fluorescence Intensity',
  'Lab',
  'Rap %',
  'Treatment',
  'Comments',
]
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)
/** One trade row: cut, polish, symmetry, fluorescence, lab and treatment as sellers write them. */
const stone = (
  stockNo: string,
  cert: string,
  shape: string,
  carat: string,
  color: string,
  clarity: string,
  rap: string,
  comments = '',
) =>
  [stockNo, cert, shape, carat, color, clarity, 'Excellent', 'EX', 'VG', 'None', 'GIA', rap, 'None', comments]
    .map(csvCell)
    .join(',')
const csv = (...rows: string[]) => [HEADERS.join(','), ...rows].join('\r\n') + '\r\n'

const MAX_BYTES = 256 * 1024
const MAX_ROWS = 50

function multipart(
  fields: Record<string, string>,
  file: { name: string; content: string | Buffer } | null,
  after: Record<string, string> = {},
) {
  const boundary = `----inv${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  )
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    )
  for (const [k, v] of Object.entries(after))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` }
}

/** A workbook zip from its parts (for files no spreadsheet program would write). */
async function zipOf(parts: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, body] of Object.entries(parts)) zip.addBuffer(Buffer.from(body), name)
  zip.end()
  const chunks: Buffer[] = []
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c)
  return Buffer.concat(chunks)
}
const WORKBOOK_PARTS = {
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  'xl/workbook.xml':
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Stock" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
}

describe('seller inventory: upload, preview, commit, history, listings', () => {
  let stock: StockTestApp
  let app: HttpServer
  let sql: postgres.Sql
  let inventory!: InventoryService
  let search!: SearchService
  let failMidCommit = false
  let failAfterInserts = false
  let failLineRead = false
  const sign: { [k: string]: string } = {}
  const sellerA = randomUUID()
  const sellerB = DEMO_COMPANY_IDS['Shah Diamonds']!
  const sellerC = randomUUID()
  const sellerD = randomUUID()
  let uploadDir = ''

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'inventory-int-'))
    stock = await startStockApp({
      env: {
        STOCK_DEMO_STONES: '40',
        // The sweep runs when the test calls it.
        STOCK_LISTING_SWEEP_MS: '3600000',
        STOCK_UPLOAD_MAX_BYTES: String(MAX_BYTES),
        STOCK_UPLOAD_MAX_ROWS: String(MAX_ROWS),
        STOCK_UPLOAD_DIR: uploadDir,
      },
      options: {
        expose: (s) => {
          inventory = s.inventory
          search = s.search
        },
        inventory: {
          hooks: {
            midCommit: async (tx) => {
              // A statement that fails after the updates went through: the whole commit must roll back.
              if (failMidCommit) await tx`select 1 / 0`
            },
            afterInserts: async (tx) => {
              // The new stones are in the index by now, hidden: a failure must leave them unfound.
              if (failAfterInserts) await tx`select 1 / 0`
            },
            lineRead: () =>
              // The index's read of an open commit's lines fails: the commit must not.
              failLineRead ? Promise.reject(new Error('the lines could not be read')) : Promise.resolve(),
            // Seven added rows per insert: the uploads here span several statements (and bulk events).
            insertChunk: 7,
            // Two certificates per lookup: a preview here asks several times while it writes.
            certBatch: 2,
          },
        },
      },
    })
    app = stock.app
    sql = stock.sql
    sign.sellerA = stock.sign({ userType: 'seller', company: 'Alpha Gems', companyId: sellerA })
    sign.sellerB = stock.sign({ userType: 'seller', company: 'Shah Diamonds', companyId: sellerB })
    sign.sellerC = stock.sign({ userType: 'seller', company: 'Gamma Gems', companyId: sellerC })
    sign.sellerD = stock.sign({ userType: 'seller', company: 'Epsilon Gems', companyId: sellerD })
    sign.buyer = stock.sign({
      userType: 'buyer',
      perms: { quickSearch: 'v', diamondSearch: 'v', searchList: 'v', hold: 'vi', pricing: 'v' },
    })
    sign.staff = stock.sign({ userType: 'admin', operator: true, company: 'Diamond Portal' })
  })
  afterAll(async () => {
    await stock?.close()
    await rm(uploadDir, { recursive: true, force: true })
  })

  const call = (path: string, body: unknown, token: string) => stock.call(path, body, token)
  const upload = async (
    token: string,
    mode: string,
    content: string | Buffer,
    extra: Record<string, string> = {},
    name = 'stock.csv',
  ) => {
    const m = multipart({ mode, ...extra }, { name, content })
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
  /**
   * The stone events in stock's outbox for these stones, in order: each stone's own, and each change
   * of a bulk event (an upload's commit) as `stoneEventsOf` makes it the stone's own event; with the
   * row each came from.
   */
  const stoneEvents = async (ids: string[], since = '0') => {
    const rows = await sql<{ type: string; event: Record<string, unknown> }[]>`
      select type, event from stock.outbox
       where seq > ${since}::bigint
         and ((type like 'stock.stone.%' and key = any(${ids})) or type = ${StockBulkEventTypes.changed}) order by seq`
    const wanted = new Set(ids)
    return rows.flatMap(({ event }) =>
      stoneEventsOf(event as DomainEvent<'stock.stone.arrived'>)
        .filter((e) => wanted.has(e.key))
        .map((e) => ({ ...e, row: event })),
    )
  }
  const outboxTypes = async (ids: string[]) => (await stoneEvents(ids)).map((e) => e.type)
  /** The seller's `n` stones are in the index numbered, arrived and live as a fresh read of the table has them. */
  const expectIndexedAsCommitted = async (seller: string, n: number) => {
    const ids = (await stonesOf(seller)).map((x) => x.id)
    expect(ids).toHaveLength(n)
    const fresh = new StoneIndex()
    for (const x of await indexSources(sql, ids)) fresh.put(x)
    const seen = (ix: StoneIndex, id: string) => {
      const i = ix.byId.get(id)!
      return { no: ix.vStnIds[i], arrivedAt: ix.arrivedAt[i], version: ix.versionOf(id), live: ix.availabilityAt(id) }
    }
    for (const id of ids) expect(seen(search.index, id)).toEqual(seen(fresh, id))
  }

  /**
   * A commit's status events are written by PostgreSQL (`withStatusEvents`), not by `statusEvent`:
   * bulk events keyed by the seller, each change of which must be the very event `statusEvent` makes
   * of the stone as it now is, and carry the request's id as `newEvent` would (none for a sweep's);
   * the events after outbox row `since` (a stone's earlier ones were true of it as it was then).
   */
  const expectStatusEvents = async (ids: string[], types: string[], seller?: string, requested = true, since = '0') => {
    const events = (await stoneEvents(ids, since)).filter((e) => types.includes(e.type))
    expect(events.length).toBeGreaterThanOrEqual(ids.length)
    for (const { row, ...event } of events) {
      expect(row.type).toBe(StockBulkEventTypes.changed)
      expect(Value.Check(EventEnvelope(StonesChanged), row), JSON.stringify(row)).toBe(true)
      if (seller) expect(row.key).toBe(seller)
      expect(Value.Check(EventEnvelope(StoneStatusChanged), event), JSON.stringify(event)).toBe(true)
      const [now] = await sql<(StatusRecord & { back: string })[]>`
        select id, v_stn_id as "vStnId", w_sts as "wSts", s_sts as "sSts", status_version as "statusVersion",
               null as "holderId", null as "expiresAt", back from stock.stones where id = ${event.key}`
      const repriced = event.type === 'stock.stone.priced' || event.type === 'stock.stone.updated'
      const { back, ...status } = now!
      const made = statusEvent(event.type, repriced ? { ...status, back } : status)
      const { id, time, requestId, ...rest } = event
      expect(rest).toEqual({ ...made, id: undefined, time: undefined })
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(new Date(time).toISOString()).toBe(time)
      // A background sweep's events name no request.
      expect(typeof requestId).toBe(requested ? 'string' : 'undefined')
    }
  }

  it('writes a bulk change’s events 500 stones to an event, in the statement’s order, each stone once', async () => {
    const n = 1201
    const stamp = { producer: 'stock', time: new Date().toISOString(), key: randomUUID() }
    const dml = statement`select gen_random_uuid() as "id", 'NB' || i as "vStnId", 'A'::text as "wSts", ''::text as "sSts",
                                 i as "statusVersion", 'stock.stone.arrived'::text as "eventType"
                            from generate_series(1, ${n}::int) i`
    const rolledBack = new Error('roll back')
    await sql
      .begin(async (tx) => {
        const answered = await query<StatusRecord>(tx, withStatusEvents(dml, stamp, false))
        expect(answered).toHaveLength(n)
        const rows = await tx<{ event: DomainEvent<'stock.stone.bulk-changed'> }[]>`
          select event from stock.outbox where key = ${stamp.key} order by seq`
        expect(rows.map((r) => r.event.data.changes.length).sort((a, b) => b - a)).toEqual([500, 500, 201])
        const changes = rows.flatMap((r) => r.event.data.changes).sort((a, b) => a.statusVersion - b.statusVersion)
        expect(changes.map((c) => c.vStnId)).toEqual(Array.from({ length: n }, (_, i) => `NB${i + 1}`))
        for (const r of rows) {
          expect(Value.Check(EventEnvelope(StonesChanged), r.event)).toBe(true)
          // Within an event, the statement's order.
          const versions = r.event.data.changes.map((c) => c.statusVersion)
          expect(versions).toEqual([...versions].sort((a, b) => a - b))
        }
        throw rolledBack
      })
      .catch((err: unknown) => {
        if (err !== rolledBack) throw err
      })
  })

  it('writes a status availability in SQL exactly as the service reads it', async () => {
    const codes = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'NA', '']
    for (const code of codes) {
      const [row] = await query<{ a: string }>(sql, statement`select ${availabilitySql(statement`${code}::text`)} as a`)
      expect([code, row!.a]).toEqual([code, availabilityOf(code)])
    }
  })

  it('previews an add-and-update upload, changes nothing, then commits it: buyers find the new stones', async () => {
    const r = await upload(
      sign.sellerA!,
      'addUpdate',
      csv(
        stone('A-1', '111', 'BR', '1.01', 'G', 'VS1', '-30'),
        stone('A-2', '', 'PS', '0.5', 'F', 'VS2', '-25'),
        stone('A-3', '', '', '1', 'G', 'VS1', '-30'),
      ),
    )
    expect(r.body.code).toBe('OK')
    expect(r.body.data).toMatchObject({
      status: 'preview',
      mapping: { 'Stock #': 'stoneId', Shape: 'shape', Weight: 'carat', 'Rap %': 'back', Comments: 'comments' },
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
    await expectStatusEvents(
      mine.map((s) => s.id),
      ['stock.stone.arrived'],
      sellerA,
    )
    // Committed once: again is refused clearly.
    expect((await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)).body.code).toBe(
      'E_UPLOAD_DONE',
    )
  })

  it('names the fields an update changes and the price change, and reprices on commit', async () => {
    const r = await upload(
      sign.sellerA!,
      'addUpdate',
      csv(
        stone('A-1', '111', 'BR', '1.01', 'G', 'VS1', '-40'),
        stone('A-2', '', 'PS', '0.5', 'F', 'VS2', '-25', 'pinpoint'),
      ),
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
    await expectStatusEvents(ids, ['stock.stone.priced', 'stock.stone.updated'], sellerA)
  })

  it('replace-all deletes the stones a file leaves out but never a held one, also when held after the preview', async () => {
    await upload(
      sign.sellerA!,
      'addUpdate',
      csv(stone('A-3', '', 'Oval', '1', 'H', 'SI1', '-35'), stone('A-4', '', 'Oval', '1', 'H', 'SI1', '-35')),
    ).then((r) => call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!))
    const before = await stonesOf(sellerA)
    const id = (no: string) => before.find((s) => s.stone_id === no)!.id
    expect((await call('diamond/hold', { id: id('A-2') }, sign.buyer!)).body.code).toBe('OK')

    const r = await upload(sign.sellerA!, 'replaceAll', csv(stone('A-1', '111', 'BR', '1.01', 'G', 'VS1', '-40')))
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
    const r = await upload(
      sign.sellerA!,
      'replaceAll',
      csv(stone('A-1', '111', 'BR', '1.01', 'G', 'VS1', '-10'), stone('A-9', '', 'Round', '2', 'D', 'IF', '-5')),
    )
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
    const r = await upload(sign.sellerA!, 'addUpdate', csv(stone('A-10', '', 'BR', '1', 'G', 'VS1', '-30')))
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
    expect(
      (await upload(sign.buyer!, 'addUpdate', csv(stone('X-1', '', 'BR', '1', 'G', 'VS1', '-30')))).body.code,
    ).toBe('E_FORBIDDEN')
    expect((await call('seller/inventory/paginate', {}, sign.buyer!)).body.code).toBe('E_FORBIDDEN')
    expect((await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerA!)).body.code).toBe('OK')
  })

  it('lets staff upload for a seller they name, and shows the history with its reports', async () => {
    expect(
      (await upload(sign.staff!, 'addUpdate', csv(stone('B-1', '', 'Round', '1', 'G', 'VS1', '-30')))).body.code,
    ).toBe('E_VALIDATION')
    const r = await upload(sign.staff!, 'addUpdate', csv(stone('B-1', '', 'Round', '1', 'G', 'VS1', '-30')), {
      sellerCompanyId: sellerB,
    })
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
    // A house format: Lab and Treatment are trade names, the rest no alias the portal knows.
    const content = [
      'Lot Code,Form,Ct Wt,Colour Grade,Purity Grade,Lab,Rap Off,Treatment',
      'M-1,Round,1,G,VS1,GIA,-30,None',
    ].join('\r\n')
    const r = await upload(sign.sellerA!, 'addUpdate', content)
    expect(r.body.data.mapping).toMatchObject({ 'Lot Code': null, Form: null, Lab: 'lab', Treatment: 'treatment' })
    expect(r.body.data.report).toMatchObject({ invalid: 1 })
    const mapping = {
      'Lot Code': 'stoneId',
      Form: 'shape',
      'Ct Wt': 'carat',
      'Colour Grade': 'color',
      'Purity Grade': 'clarity',
      'Rap Off': 'back',
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

  it('keeps the headers a seller maps on the upload screen for their next upload, over what was kept before', async () => {
    // Another house format, mapped through the screen (remap).
    const header = 'Item Key,Silhouette,Wt Ct,Tone,Grade P,Lab,Off List,Treatment'
    const content = (ref: string) => [header, `${ref},Round,1,G,VS1,GIA,-30,None`].join('\r\n')
    const keptOf = async (token: string) =>
      (await call('seller/inventory/mapping', {}, token)).body.data.mapping as Record<string, string | null>
    // Kept before: another layout's header, and a field for Tone that the seller now changes.
    await call('seller/inventory/mapping', { mapping: { 'Other Col': 'stoneId', Tone: 'shade' } }, sign.sellerB!)
    const first = await upload(sign.sellerB!, 'addUpdate', content('KM-1'))
    expect(first.body.data.mapping).toEqual({
      'Item Key': null,
      Silhouette: null,
      'Wt Ct': null,
      Tone: 'shade',
      'Grade P': null,
      Lab: 'lab',
      'Off List': null,
      Treatment: 'treatment',
    })
    const changes = {
      'Item Key': 'stoneId',
      Silhouette: 'shape',
      'Wt Ct': 'carat',
      Tone: 'color',
      'Grade P': 'clarity',
      'Off List': 'back',
    }
    const chosen = { ...first.body.data.mapping, ...changes }
    const again = await call('seller/inventory/remap', { id: first.body.data.id, mapping: chosen }, sign.sellerB!)
    expect(again.body.data.report).toMatchObject({ valid: 1, invalid: 0 })
    // The headers the seller changed (the new field winning), beside the earlier one; not the ones the
    // portal matched itself (Lab, Treatment), which it matches again next time. Only for this seller.
    expect(await keptOf(sign.sellerB!)).toEqual({ 'Other Col': 'stoneId', ...changes })
    expect(await keptOf(sign.sellerA!)).not.toHaveProperty('Wt Ct')
    // The next file of that layout is read with it at once.
    const next = await upload(sign.sellerB!, 'addUpdate', content('KM-2'))
    expect(next.body.data.mapping).toEqual(chosen)
    expect(next.body.data.report).toMatchObject({ valid: 1, invalid: 0 })
    // A remap refused (a field that does not exist) keeps nothing.
    const bad = await call(
      'seller/inventory/remap',
      { id: next.body.data.id, mapping: { 'Item Key': 'nonsense' } },
      sign.sellerB!,
    )
    expect(bad.body.code).toBe('E_VALIDATION')
    expect(await keptOf(sign.sellerB!)).toEqual({ 'Other Col': 'stoneId', ...changes })
    // Staff acting for the seller: kept for that seller.
    const byStaff = await call(
      'seller/inventory/remap',
      { id: next.body.data.id, mapping: { ...chosen, Silhouette: null } },
      sign.staff!,
    )
    expect(byStaff.body.code).toBe('OK')
    expect(await keptOf(sign.sellerB!)).toEqual({ 'Other Col': 'stoneId', ...changes, Silhouette: null })
    // Past 500 headers the merge stops growing: only this file's headers stay, the ones changed now
    // and the ones kept for it before.
    const many = Object.fromEntries(Array.from({ length: 494 }, (_, i) => [`Old column ${i}`, null]))
    await call('seller/inventory/mapping', { mapping: { ...many, ...changes } }, sign.sellerB!)
    const capped = await call(
      'seller/inventory/remap',
      { id: next.body.data.id, mapping: { ...chosen, Silhouette: null, Lab: null } },
      sign.sellerB!,
    )
    expect(capped.body.code).toBe('OK')
    expect(await keptOf(sign.sellerB!)).toEqual({ ...changes, Lab: null })
  })

  it('refuses a preview past its time (commit and remap), and the sweep drops it with its lines and file', async () => {
    const r = await upload(sign.sellerA!, 'addUpdate', csv(stone('EXP-1', '', 'BR', '1', 'G', 'VS1', '-30')))
    expect(r.body.data).toMatchObject({ status: 'preview', report: { added: 1 } })
    const id = r.body.data.id as string
    const row = async () =>
      (
        await sql<{ status: string; file_path: string; lines: number }[]>`
          select status, file_path, (select count(*)::int from stock.upload_rows where upload_id = u.id) as lines
            from stock.uploads u where id = ${id}`
      )[0]!
    const { file_path: file, lines } = await row()
    expect(lines).toBeGreaterThan(0)
    expect(await readdir(uploadDir)).toContain(file.split('/').at(-1))
    await sql`update stock.uploads set expires_at = now() - interval '1 second' where id = ${id}`

    for (const refused of [
      await call('seller/inventory/commit', { id }, sign.sellerA!),
      await call('seller/inventory/remap', { id, mapping: r.body.data.mapping }, sign.sellerA!),
    ])
      expect([refused.status, refused.body.code]).toEqual([410, 'E_UPLOAD_EXPIRED'])
    expect(await find('EXP-1')).toEqual([])

    expect((await inventory.sweep()).previews).toBeGreaterThanOrEqual(1)
    expect(await row()).toEqual({ status: 'expired', file_path: '', lines: 0 })
    expect(await readdir(uploadDir)).not.toContain(file.split('/').at(-1))
    const again = await call('seller/inventory/commit', { id }, sign.sellerA!)
    expect(again.body.code).toBe('E_UPLOAD_EXPIRED')
    expect(await find('EXP-1')).toEqual([])
  })

  it('deletes and refreshes all of a seller’s stones at once: a held one kept, other sellers untouched', async () => {
    // A seller of this test's own, so "all" means these stones only.
    const companyId = randomUUID()
    const seller = stock.sign({ userType: 'seller', company: 'All At Once Ltd', companyId })
    const tag = randomBytes(3).toString('hex').toUpperCase()
    const nos = [1, 2, 3, 4, 5].map((n) => `ALL-${tag}-${n}`)
    const r = await upload(seller, 'addUpdate', csv(...nos.map((no) => stone(no, '', 'BR', '1', 'G', 'VS1', '-30'))))
    expect((await call('seller/inventory/commit', { id: r.body.data.id }, seller)).body.code).toBe('OK')
    const mine = await stonesOf(companyId)
    expect(mine.map((s) => s.stone_id)).toEqual(nos)
    const othersBefore = await sql`
      select id, w_sts, listed_until from stock.stones where seller_company_id <> ${companyId} order by id`
    const held = mine[1]!
    expect((await call('diamond/hold', { id: held.id }, sign.buyer!)).body.code).toBe('OK')

    // Refresh all: every listing of the seller starts over, none of anyone else's.
    await sql`update stock.stones set listed_until = now() + interval '1 hour' where seller_company_id = ${companyId}`
    const refreshed = await call('seller/diamond/refresh', { all: true }, seller)
    expect(refreshed.body.data).toMatchObject({ refreshed: 5 })
    const until = await sql<{ n: number }[]>`
      select count(*)::int as n from stock.stones
       where seller_company_id = ${companyId} and listed_until > now() + interval '6 days'`
    expect(until[0]!.n).toBe(5)

    // Delete all: the held stone is kept and named, the others leave stock (and buyers' searches).
    const deleted = await call('seller/diamond/delete', { all: true }, seller)
    expect(deleted.body.data).toEqual({
      deleted: 4,
      kept: [{ id: held.id, vStnId: expect.any(String), reason: 'held' }],
    })
    expect((await stonesOf(companyId)).map((s) => [s.stone_id, s.w_sts])).toEqual(
      nos.map((no) => [no, no === held.stone_id ? 'H' : 'R']),
    )
    for (const no of nos) expect((await find(no)).length).toBe(no === held.stone_id ? 1 : 0)
    await expectStatusEvents(
      mine.filter((s) => s.id !== held.id).map((s) => s.id),
      ['stock.stone.removed'],
      companyId,
    )
    expect(
      await sql`select id, w_sts, listed_until from stock.stones where seller_company_id <> ${companyId} order by id`,
    ).toEqual(othersBefore)
  })

  it('serves the upload template to sellers (Excel with the columns the mapping knows), not to buyers', async () => {
    const get = (token: string) =>
      app.inject({
        method: 'GET',
        url: `${API_PREFIX}/seller/inventory/template`,
        headers: { authorization: `JWT ${token}` },
      })
    const x = await get(sign.sellerA!)
    expect(x.statusCode).toBe(200)
    expect(x.headers['content-type']).toContain('spreadsheetml')
    expect(x.headers['content-disposition']).toContain('stock-upload-template.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer)
    const headers = (book.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean)
    expect(headers).toEqual(expect.arrayContaining(['Stock #', 'Shape', 'Weight', 'Treatment']))
    const buyer = await get(sign.buyer!)
    expect(buyer.json()).toMatchObject({ code: 'E_FORBIDDEN' })
  })

  it('downloads the invalid rows as Excel', async () => {
    const r = await upload(sign.sellerA!, 'addUpdate', csv(stone('=cmd', '', '', '1', 'G', 'VS1', '-30')))
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
    // In a bulk event keyed by the stone's seller, the change the stone's own event would have been.
    await expectStatusEvents([a1!.id], ['stock.stone.expired'], sellerA, false)
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
    await expectStatusEvents([a1!.id], ['stock.stone.relisted'], sellerA)
  })

  it('expires every listing due in one sweep, many sellers’ at once, in bulk events each holding one seller’s stones', async () => {
    // Seven stones in stock, of more than one seller.
    const due = await sql<{ id: string; seller: string }[]>`
      select id, seller_company_id::text as seller from stock.stones
       where w_sts = 'A' and seller_company_id is not null order by seller_company_id, id limit 7`
    const ids = due.map((s) => s.id)
    const sellers = new Map(due.map((r) => [r.id, r.seller]))
    expect(ids).toHaveLength(7)
    expect(new Set(sellers.values()).size).toBeGreaterThan(1)
    const [{ seq: before }] = await sql<[{ seq: string }]>`select coalesce(max(seq), 0)::text as seq from stock.outbox`
    await sql`update stock.stones set listed_until = now() - interval '1 minute' where id = any(${ids})`
    try {
      // Closing, the sweep takes no round (the periodic job's signal has aborted).
      expect((await inventory.sweep(2, AbortSignal.abort())).expired).toBe(0)
      // Two to a transaction: four rounds in one sweep, none left for the next.
      expect((await inventory.sweep(2)).expired).toBe(7)
      expect((await inventory.sweep(2)).expired).toBe(0)
      expect(
        (
          await sql<
            { n: number }[]
          >`select count(*)::int as n from stock.stones where id = any(${ids}) and w_sts = ${GONE_W_STS.expired}`
        )[0]!.n,
      ).toBe(7)
      const rows = await sql<{ key: string; event: DomainEvent<'stock.stone.bulk-changed'> }[]>`
        select key, event from stock.outbox where seq > ${before}::bigint and type = ${StockBulkEventTypes.changed} order by seq`
      const changed = rows.flatMap((r) =>
        r.event.data.changes.map((c) => ({ key: r.key, id: c.stoneId, type: c.type })),
      )
      expect(changed.map((c) => c.id).sort()).toEqual([...ids].sort())
      for (const c of changed) expect([c.key, c.type]).toEqual([sellers.get(c.id), 'stock.stone.expired'])
      for (const seller of new Set(sellers.values()))
        await expectStatusEvents(
          ids.filter((id) => sellers.get(id) === seller),
          ['stock.stone.expired'],
          seller,
          false,
          before, // a stone expired in an earlier test has that expiry's event too
        )
    } finally {
      // Each seller refreshes its own: they come back to stock.
      for (const seller of new Set(sellers.values()))
        await call(
          'seller/diamond/refresh',
          { ids: ids.filter((id) => sellers.get(id) === seller) },
          stock.sign({ userType: 'seller', company: 'Seller', companyId: seller }),
        )
    }
    expect(
      (
        await sql<{ n: number }[]>`select count(*)::int as n from stock.stones where id = any(${ids}) and w_sts = 'A'`
      )[0]!.n,
    ).toBe(7)
  })

  it('deletes selected stones from the manage screen, keeping held ones', async () => {
    const mine = await stonesOf(sellerA)
    const ids = mine.filter((s) => ['A-1', 'A-2'].includes(s.stone_id)).map((s) => s.id)
    const r = await call('seller/diamond/delete', { ids }, sign.sellerA!)
    expect(r.body.data).toMatchObject({ deleted: 1, kept: [{ reason: 'held' }] })
    expect(await find('A-1')).toEqual([])
    await expectStatusEvents(
      mine.filter((s) => s.stone_id === 'A-1').map((s) => s.id),
      ['stock.stone.removed'],
      sellerA,
    )
    // Someone else's stones are simply not there.
    expect((await call('seller/diamond/delete', { ids }, sign.sellerB!)).body.data).toEqual({ deleted: 0, kept: [] })
  })

  it('edits one stone from the manage screen: checked like an upload line, repriced live, held and others’ stones refused', async () => {
    const mine = (await stonesOf(sellerA)).filter((s) => s.w_sts === 'A')
    expect(mine.length).toBeGreaterThan(0)
    const stone = mine[0]!
    const before = await outboxTypes([stone.id])
    const r = await call('seller/diamond/update', { id: stone.id, values: { back: '-44.5' } }, sign.sellerA!)
    expect(r.body.code, JSON.stringify(r.body)).toBe('OK')
    expect(r.body.data).toMatchObject({ id: stone.id, back: -44.5 })
    expect((await find(stone.stone_id))[0]).toMatchObject({ back: -44.5 })
    expect((await outboxTypes([stone.id])).slice(before.length)).toEqual(['stock.stone.priced'])
    // Details only: told as an update, not a reprice.
    expect(
      (await call('seller/diamond/update', { id: stone.id, values: { comments: 'Crisp' } }, sign.sellerA!)).body.code,
    ).toBe('OK')
    expect((await outboxTypes([stone.id])).slice(before.length)).toEqual(['stock.stone.priced', 'stock.stone.updated'])
    // A price per carat is listed to the cent (7,000 became 7,000.14), and an edit of details keeps it.
    const amt = async () =>
      Number(
        (await sql<{ amt: string }[]>`select amt_cents::text as amt from stock.stones where id = ${stone.id}`)[0]!.amt,
      )
    const ppc = await call('seller/diamond/update', { id: stone.id, values: { pricePerCarat: '7000' } }, sign.sellerA!)
    expect(ppc.body.data).toMatchObject({ pricePerCarat: 7000 })
    expect(await amt()).toBe(700_000)
    await call('seller/diamond/update', { id: stone.id, values: { comments: 'Crisp, clean' } }, sign.sellerA!)
    expect(await amt()).toBe(700_000)
    expect((await outboxTypes([stone.id])).slice(-2)).toEqual(['stock.stone.priced', 'stock.stone.updated'])
    await call('seller/diamond/update', { id: stone.id, values: { back: '-44.5' } }, sign.sellerA!)

    // Bad input is named and changes nothing.
    const unknown = await call('seller/diamond/update', { id: stone.id, values: { colour: 'D' } }, sign.sellerA!)
    expect(unknown.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'values.colour' }] } })
    const bad = await call('seller/diamond/update', { id: stone.id, values: { color: 'Q' } }, sign.sellerA!)
    expect(bad.body.code).toBe('E_VALIDATION')
    expect(bad.body.data.fields).toEqual([{ field: 'values.color', in: 'body', message: 'invalid.color' }])
    // A listing rule names the field it is about; its code is the message (the screen says it).
    const banned = await call('seller/diamond/update', { id: stone.id, values: { origin: 'Russia' } }, sign.sellerA!)
    expect(banned.body.data.fields).toEqual([{ field: 'values.origin', in: 'body', message: 'rule.bannedOrigin' }])
    expect((await find(stone.stone_id))[0]).toMatchObject({ back: -44.5 })
    // Another of the seller's stock numbers, in any case, is refused (uploads would meet twins).
    const other = mine.find((s) => s.id !== stone.id)!
    for (const stoneId of [other.stone_id, ` ${other.stone_id.toLowerCase()} `]) {
      const twin = await call('seller/diamond/update', { id: stone.id, values: { stoneId } }, sign.sellerA!)
      expect(twin.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'values.stoneId' }] } })
    }
    expect((await stonesOf(sellerA)).find((s) => s.id === stone.id)!.stone_id).toBe(stone.stone_id)
    // A number of its own is taken, and the stone's own number in another case is no clash.
    const renamed = await call(
      'seller/diamond/update',
      { id: stone.id, values: { stoneId: 'A-RENAMED' } },
      sign.sellerA!,
    )
    expect(renamed.body.code, JSON.stringify(renamed.body)).toBe('OK')
    const back = await call(
      'seller/diamond/update',
      { id: stone.id, values: { stoneId: stone.stone_id.toLowerCase() } },
      sign.sellerA!,
    )
    expect(back.body.code, JSON.stringify(back.body)).toBe('OK')
    const restored = await call(
      'seller/diamond/update',
      { id: stone.id, values: { stoneId: stone.stone_id } },
      sign.sellerA!,
    )
    expect(restored.body.code).toBe('OK')

    // A held stone is not changed under its buyer; another seller's stone is not there.
    const held = (await stonesOf(sellerA)).find((s) => s.w_sts === 'H')!
    expect(
      (await call('seller/diamond/update', { id: held.id, values: { back: '-10' } }, sign.sellerA!)).body.code,
    ).toBe('E_STONE_UNAVAILABLE')
    expect(
      (await call('seller/diamond/update', { id: stone.id, values: { back: '-10' } }, sign.sellerB!)).body.code,
    ).toBe('E_NOT_FOUND')
    expect((await find(stone.stone_id))[0]).toMatchObject({ back: -44.5 })
  })

  // ---------- end to end through the route: formats, listing rules, hostile files, formulas

  const uploadsOf = async (seller: string) =>
    (
      await sql<{ n: number }[]>`
        select count(*)::int as n from stock.uploads where seller_company_id = ${seller} and status = 'preview'`
    )[0]!.n
  const stoneRow = async (seller: string, stockNo: string) =>
    (
      await sql<{ carat: string; back: string; color: string; clarity: string; location: string; comments: string }[]>`
        select carat::text, back::text, color, clarity, location, comments
        from stock.stones where seller_company_id = ${seller} and stone_id = ${stockNo}`
    )[0]
  const previewAndCommit = async (token: string, content: string | Buffer, name: string) => {
    const r = await upload(token, 'addUpdate', content, {}, name)
    expect(r.body.code).toBe('OK')
    const c = await call('seller/inventory/commit', { id: r.body.data.id }, token)
    expect(c.body.code).toBe('OK')
    return { preview: r.body.data, committed: c.body.data }
  }

  it('takes an Excel workbook: numbers as numbers, a price per carat turned into the discount, text kept as text', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Inventory')
    ws.addRow([
      'Stock #',
      'Shape',
      'Carat',
      'Colour',
      'Clarity',
      'Cut Grade',
      'Polish',
      'Symmetry',
      'Fluorescence',
      'Lab',
      'Report #',
      'Price/Ct',
      'Treatment',
      'Country of Origin',
      'Measurements',
      'Member Comments',
    ])
    ws.addRow([
      'X-1',
      'Round',
      1.01,
      'G',
      'VS1',
      'EX',
      'EX',
      'EX',
      'Faint',
      'GIA',
      2141438171,
      6000,
      'None',
      'BW',
      '6.45-6.48x3.99',
      '=1+2',
    ])
    ws.addRow(['X-2', 'PS', 0.7, 'E', 'VVS2', '', 'VG', 'VG', 'N', 'IGI', 'LG-free', 4500, 'N', 'Canada', '', ''])
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer())
    const { preview, committed } = await previewAndCommit(sign.sellerC!, xlsx, 'stock.xlsx')
    expect(preview.mapping).toMatchObject({ Carat: 'carat', 'Report #': 'certNo', 'Price/Ct': 'pricePerCarat' })
    expect(preview.report).toMatchObject({ received: 2, valid: 2, invalid: 0, added: 2 })
    expect(committed).toMatchObject({ status: 'committed', report: { added: 2 } })
    const x1 = await stoneRow(sellerC, 'X-1')
    expect(x1).toMatchObject({ carat: '1.01', color: 'G', clarity: 'VS1', comments: '=1+2' })
    expect(Number(x1!.back)).toBeLessThan(0)
    expect((await find('X-1'))[0]).toMatchObject({ stoneId: 'X-1', back: Number(x1!.back) })
    expect(await find('X-2')).toHaveLength(1)
  })

  it('reads a semicolon CSV in Latin-1 (decimal commas) and a tab-separated UTF-16 file', async () => {
    const latin1 = Buffer.from(
      [
        'Stock #;Shape;Weight;Color;Clarity;Lab;Rap %;Treatment;Comments;City',
        'L-1;BR;1,01;G;VS1;GIA;-30,5;None;Très propre, pavé;Anvers',
      ].join('\r\n'),
      'latin1',
    )
    expect(latin1.includes(Buffer.from('è'))).toBe(false) // really Latin-1, not UTF-8
    const one = await previewAndCommit(sign.sellerC!, latin1, 'stock-latin1.csv')
    expect(one.preview.report).toMatchObject({ received: 1, valid: 1, added: 1 })
    expect(await stoneRow(sellerC, 'L-1')).toMatchObject({
      carat: '1.01',
      back: '-30.50',
      location: 'Belgium',
      comments: 'Très propre, pavé',
    })

    const text = [
      'Stock #\tShape\tCarat\tColour\tPurity\tLab\tDiscount %\tTreatment\tRemarks',
      'U-1\tOV\t0.90\tF\tVVS2\tIGI\t-22\tNone\tReinheit geprüft — 中',
    ].join('\r\n')
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    const two = await previewAndCommit(sign.sellerC!, utf16, 'stock.txt')
    expect(two.preview.report).toMatchObject({ received: 1, valid: 1, added: 1 })
    expect(await stoneRow(sellerC, 'U-1')).toMatchObject({
      carat: '0.90',
      back: '-22.00',
      color: 'F',
      clarity: 'VVS2',
      comments: 'Reinheit geprüft — 中',
    })
    expect(await find('U-1')).toHaveLength(1)
  })

  it('refuses rows the listing rules forbid, each with its reason, and lists the rest', async () => {
    const headers = [...HEADERS, 'Growth Type', 'Shade', 'Country of Origin', 'Key To Symbols']
    const row = (
      stockNo: string,
      o: { treatment?: string; comments?: string; growth?: string; shade?: string; origin?: string; kts?: string } = {},
    ) =>
      [
        stockNo,
        '',
        'BR',
        '1.2',
        'H',
        'SI1',
        'EX',
        'EX',
        'EX',
        'None',
        'GIA',
        '-35',
        o.treatment ?? 'None',
        o.comments ?? '',
        o.growth ?? 'Natural',
        o.shade ?? 'None',
        o.origin ?? 'Botswana',
        o.kts ?? 'Crystal, Feather',
      ]
        .map(csvCell)
        .join(',')
    const content = [
      headers.join(','),
      row('R-OK'),
      row('R-LG', { growth: 'Lab Grown' }),
      row('R-GT', { shade: 'Green' }),
      row('R-GC', { comments: 'slight green tint in daylight' }),
      row('R-RU', { origin: 'Russia' }),
      row('R-FT', { kts: 'Laser Drill Hole, Feather' }),
      row('R-UD', { treatment: '' }),
    ].join('\r\n')
    const r = await upload(sign.sellerC!, 'addUpdate', content)
    expect(r.body.data.report).toMatchObject({ received: 7, valid: 1, invalid: 6, added: 1 })
    expect(r.body.data.invalid).toEqual([
      { row: 3, stockNo: 'R-LG', reasons: ['rule.labGrown'] },
      { row: 4, stockNo: 'R-GT', reasons: ['rule.greenTint'] },
      { row: 5, stockNo: 'R-GC', reasons: ['rule.greenTint'] },
      { row: 6, stockNo: 'R-RU', reasons: ['rule.bannedOrigin'] },
      { row: 7, stockNo: 'R-FT', reasons: ['rule.falseTreatment'] },
      { row: 8, stockNo: 'R-UD', reasons: ['rule.treatmentUndeclared'] },
    ])
    const c = await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerC!)
    expect(c.body.data.report).toMatchObject({ added: 1, invalid: 6 })
    expect(await find('R-OK')).toHaveLength(1)
    expect(await find('R-LG')).toEqual([])
    expect(await stoneRow(sellerC, 'R-RU')).toBeUndefined()
  })

  it("flags lines whose certificate another seller lists (not the seller's own, nor a removed stone's), refusing none", async () => {
    const listed = await upload(
      sign.sellerC!,
      'addUpdate',
      csv(
        stone('G-1', '800000001', 'BR', '1.01', 'G', 'VS1', '-30'),
        stone('G-2', '800000002', 'BR', '1', 'G', 'VS1', '-30'),
        stone('G-3', '800000003', 'BR', '1', 'G', 'VS1', '-30'),
      ),
    )
    expect((await call('seller/inventory/commit', { id: listed.body.data.id }, sign.sellerC!)).body.code).toBe('OK')
    await sql`update stock.stones set w_sts = 'R' where seller_company_id = ${sellerC} and stone_id = 'G-2'`

    const r = await upload(
      sign.sellerD!,
      'addUpdate',
      csv(
        stone('F-1', '800000001', 'BR', '1.01', 'G', 'VS1', '-30'),
        stone('F-2', '900000001', 'BR', '1.01', 'G', 'VS1', '-30'),
        stone('F-3', '', 'BR', '1.01', 'G', 'VS1', '-30'),
        stone('F-4', '800000002', 'BR', '1.01', 'G', 'VS1', '-30'),
        stone('F-5', '800000001', 'BR', '1.01', 'G', 'VS1', '-30'),
        stone('F-6', '800000003', 'BR', '1.01', 'G', 'VS1', '-30'),
      ),
    )
    // Two certificates a lookup here (certBatch): F-6's goes alone, after the last line.
    expect(r.body.data.report).toMatchObject({ received: 6, valid: 6, invalid: 0, added: 6 })
    const added = await call('seller/inventory/rows', { id: r.body.data.id, kind: 'added' }, sign.sellerD!)
    const flags = Object.fromEntries(
      (added.body.data.list as { stockNo: string; flags: string[] }[]).map((l) => [l.stockNo, l.flags]),
    )
    expect(flags).toEqual({
      'F-1': ['flag.certListedElsewhere'],
      'F-2': [],
      'F-3': [],
      'F-4': [],
      'F-5': ['flag.certListedElsewhere'],
      'F-6': ['flag.certListedElsewhere'],
    })
    // The seller who lists it sends the same certificate again: nothing to flag.
    const own = await upload(
      sign.sellerC!,
      'addUpdate',
      csv(stone('G-1', '800000001', 'BR', '1.01', 'G', 'VS1', '-30')),
    )
    const ownLines = await call('seller/inventory/rows', { id: own.body.data.id, kind: 'unchanged' }, sign.sellerC!)
    expect(ownLines.body.data.list).toMatchObject([{ stockNo: 'G-1', flags: [] }])
  })

  it('refuses hostile files with a clear code and stores nothing', async () => {
    const before = {
      uploads: await uploadsOf(sellerC),
      stones: await stonesOf(sellerC),
      files: await readdir(uploadDir),
    }
    const refused = async (content: string | Buffer, name: string) => {
      const r = await upload(sign.sellerC!, 'addUpdate', content, {}, name)
      expect(await uploadsOf(sellerC)).toBe(before.uploads)
      expect(await stonesOf(sellerC)).toEqual(before.stones)
      expect(await readdir(uploadDir)).toEqual(before.files)
      return r
    }
    const valid = (n: number) =>
      csv(...Array.from({ length: n }, (_, i) => stone(`H-${i}`, '', 'BR', '1', 'G', 'VS1', '-30')))

    // A part after the file was dropped unseen (the preview went ahead): refused, nothing stored.
    for (const after of [{ extra: '1' }, { sellerCompanyId: sellerC }] as Record<string, string>[]) {
      const m = multipart({ mode: 'addUpdate' }, { name: 'stock.csv', content: valid(1) }, after)
      const r = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/seller/inventory/upload`,
        headers: { authorization: `JWT ${sign.sellerC!}`, 'content-type': m.type },
        payload: m.body,
      })
      expect(r.statusCode).toBe(400)
      expect(r.json()).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: Object.keys(after)[0] }] } })
      expect(await uploadsOf(sellerC)).toBe(before.uploads)
      expect(await readdir(uploadDir)).toEqual(before.files)
    }

    // A text file named .xlsx, and a PDF named .csv: not what their names say.
    const text = await refused(valid(2), 'stock.xlsx')
    expect(text).toMatchObject({ status: 400, body: { code: 'E_UPLOAD_TYPE', data: { fileName: 'stock.xlsx' } } })
    const pdf = await refused(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), 'stock.csv')
    expect(pdf.body.code).toBe('E_UPLOAD_TYPE')
    // Text that is not well-formed CSV says so (it was told the file is not what its name says).
    const unclosed = await refused(`${valid(1)}"H-9,BR\r\n`, 'stock.csv')
    expect(unclosed).toMatchObject({
      status: 400,
      body: { code: 'E_UPLOAD_CSV', data: { fileName: 'stock.csv', reason: 'CSV_QUOTE_NOT_CLOSED' } },
    })

    // Empty, and a header without rows.
    expect((await refused(Buffer.alloc(0), 'stock.csv')).body.code).toBe('E_UPLOAD_EMPTY')
    expect((await refused(csv(), 'stock.csv')).body.code).toBe('E_UPLOAD_EMPTY')

    // Over the size limit: the error names it.
    const big = csv(
      ...Array.from({ length: 40 }, (_, i) => stone(`S-${i}`, '', 'BR', '1', 'G', 'VS1', '-30', 'x'.repeat(8000))),
    )
    expect(big.length).toBeGreaterThan(MAX_BYTES)
    const large = await refused(big, 'stock.csv')
    expect(large.status).toBe(413)
    expect(large.body.code).toBe('E_FILE_TOO_LARGE')
    expect(large.body.data).toMatchObject({ maxBytes: MAX_BYTES })
    expect(large.body.message).toContain(String(MAX_BYTES))

    // A zip bomb: 50 MiB of worksheet packed into a few dozen kilobytes.
    const bomb = await zipOf({ ...WORKBOOK_PARTS, 'xl/worksheets/sheet1.xml': Buffer.alloc(50 << 20, 0x20) })
    expect(bomb.length).toBeLessThan(MAX_BYTES)
    const boom = await refused(bomb, 'stock.xlsx')
    expect(boom.body.code).toBe('E_UPLOAD_BOMB')

    // One row more than the limit, found while streaming: the preview written so far is dropped.
    const rows = await refused(valid(MAX_ROWS + 1), 'stock.csv')
    expect(rows.status).toBe(413)
    expect(rows.body).toMatchObject({ code: 'E_UPLOAD_ROWS', data: { limit: MAX_ROWS } })
    expect(rows.body.message).toContain(String(MAX_ROWS))
    // No line outlives its upload (the lines have no foreign key: the code deletes them with it).
    const [{ orphans }] = await sql<[{ orphans: number }]>`
      select count(*)::int as orphans from stock.upload_rows l
       where not exists (select 1 from stock.uploads u where u.id = l.upload_id)`
    expect(orphans).toBe(0)
    // Exactly the limit is fine.
    const full = await upload(sign.sellerC!, 'addUpdate', valid(MAX_ROWS))
    expect(full.body.data.report).toMatchObject({ received: MAX_ROWS, valid: MAX_ROWS })
    // An upload deleted takes its lines with it.
    const linesOf = async (id: string) =>
      (await sql<[{ n: number }]>`select count(*)::int as n from stock.upload_rows where upload_id = ${id}`)[0].n
    expect(await linesOf(full.body.data.id)).toBe(MAX_ROWS)
    await deleteUpload(sql, full.body.data.id)
    expect(await linesOf(full.body.data.id)).toBe(0)
  })

  it('keeps cells beginning with = + - @ as data: stored as text, written back as text, never as formulas', async () => {
    const formulaLike = ['=HYPERLINK("http://x.example","click")', '+91 22 5555 0000', '@SUM(A1:A2)', '-see report']
    const r = await upload(
      sign.sellerC!,
      'addUpdate',
      csv(
        ...formulaLike.map((c, i) => stone(`F-${i + 1}`, '', 'BR', '1', 'G', 'VS1', '-30', c)),
        stone('-F5', '', 'BR', '1', 'G', 'VS1', '-30'),
        stone('=cmd', '', 'BR', '1', 'G', 'VS1', '-30'),
        stone('+cmd', '', 'BR', '1', 'G', 'VS1', '-30'),
        stone('@cmd', '', 'BR', '1', 'G', 'VS1', '-30'),
      ),
    )
    expect(r.body.data.report).toMatchObject({ received: 8, valid: 5, invalid: 3 })
    expect(r.body.data.invalid.map((i: { stockNo: string }) => i.stockNo)).toEqual(['=cmd', '+cmd', '@cmd'])
    await call('seller/inventory/commit', { id: r.body.data.id }, sign.sellerC!)
    for (const [i, c] of formulaLike.entries()) expect((await stoneRow(sellerC, `F-${i + 1}`))?.comments).toBe(c)
    expect(await stoneRow(sellerC, '-F5')).toBeTruthy()

    const x = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/seller/inventory/invalid-excel`,
      headers: { authorization: `JWT ${sign.sellerC}` },
      payload: { id: r.body.data.id },
    })
    expect(x.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    const cells = [2, 3, 4].map((n) => ws.getRow(n).getCell(2))
    for (const cell of cells) {
      expect(cell.type).toBe(ExcelJS.ValueType.String)
      expect(cell.formula).toBeUndefined()
    }
    expect(cells.map((c) => String(c.value).replace(/^'/, ''))).toEqual(['=cmd', '+cmd', '@cmd'])
  })

  it('lists the seller companies to staff with their live stones, also companies known only by their stones', async () => {
    // A stone given to a company stock has never seen a token of: known by its stones alone.
    const deltaId = randomUUID()
    const [house] = await sql<{ id: string }[]>`
      update stock.stones set seller_company_id = ${deltaId}, seller = 'Delta Gems'
       where id = (select id from stock.stones
                    where coalesce(seller_company_id::text, '') not in (${sellerA}, ${sellerB}, ${sellerC}) and w_sts = 'A'
                    order by v_stn_id limit 1)
      returning id`
    expect(house).toBeTruthy()
    // Stock knows a seller company once one of its members called (their token names it).
    for (const token of [sign.sellerA!, sign.sellerB!, sign.sellerC!])
      expect((await call('seller/diamond/paginate', {}, token)).body.code).toBe('OK')
    const live = async (id: string) =>
      (
        await sql<{ n: number }[]>`
          select count(*)::int as n from stock.stones where seller_company_id = ${id} and w_sts not in ('R', 'L')`
      )[0]!.n

    const r = await call('seller/companies', { page: 1, limit: 200 }, sign.staff!)
    expect(r.body.code).toBe('OK')
    const list = r.body.data.list as { id: string; name: string; liveStones: number }[]
    expect(r.body.data.count).toBe(list.length)
    const byId = new Map(list.map((c) => [c.id, c]))
    for (const [id, name] of [
      [sellerA, 'Alpha Gems'],
      [sellerB, 'Shah Diamonds'],
      [sellerC, 'Gamma Gems'],
      [deltaId, 'Delta Gems'],
    ] as const)
      expect(byId.get(id)).toEqual({ id, name, liveStones: await live(id) })
    expect(byId.get(sellerB)!.liveStones).toBeGreaterThan(0)
    expect(byId.get(deltaId)!.liveStones).toBe(1)
    const names = list.map((c) => c.name.toLowerCase())
    expect(names).toEqual([...names].sort())

    const found = await call('seller/companies', { search: 'gEMs', page: 1, limit: 2 }, sign.staff!)
    expect(found.body.data.count).toBeGreaterThanOrEqual(3)
    expect(found.body.data.list).toHaveLength(2)
    for (const c of found.body.data.list as { name: string }[]) expect(c.name.toLowerCase()).toContain('gems')
    expect((await call('seller/companies', { search: '%', page: 1, limit: 10 }, sign.staff!)).body.data.count).toBe(0)

    // Staff act for the company known only by its stones.
    const stonesOfDelta = await call('seller/diamond/paginate', { sellerCompanyId: deltaId }, sign.staff!)
    expect(stonesOfDelta.body.code).toBe('OK')
    expect(stonesOfDelta.body.data.list.map((s: { id: string }) => s.id)).toEqual([house!.id])

    // Sellers and buyers are refused; bad input is named.
    for (const token of [sign.sellerA!, sign.buyer!]) {
      const refused = await call('seller/companies', { page: 1, limit: 10 }, token)
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('E_FORBIDDEN')
    }
    const bad = await call('seller/companies', { page: 1, limit: 0 }, sign.staff!)
    expect(bad.body.code).toBe('E_VALIDATION')
    expect(JSON.stringify(bad.body.data)).toContain('limit')
  })

  it('commits many stones at once (their events written by the statements, in bulk): one change per stone, of the right type, and every stone searchable', async () => {
    const seller = sellerD
    const token = sign.sellerD!
    const n = 40 // MAX_ROWS is 50 here; the outbox's own test writes 1,200 events by COPY
    const rows = (rap: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => stone(`D-${i + 1}`, '', 'BR', '1.01', 'G', 'VS1', rap(i)))
    const first = await upload(token, 'addUpdate', csv(...rows(() => '-30')))
    expect(first.body.data.report).toMatchObject({ received: n, added: n })
    expect((await call('seller/inventory/commit', { id: first.body.data.id }, token)).body.code).toBe('OK')
    const mine = await stonesOf(seller)
    expect(mine).toHaveLength(n)
    const ids = mine.map((s) => s.id)
    const arrived = await stoneEvents(ids)
    expect(arrived).toHaveLength(n)
    expect(new Set(arrived.map((e) => e.key)).size).toBe(n)
    expect(arrived.every((e) => e.type === 'stock.stone.arrived')).toBe(true)
    // One bulk event for each insert statement's stones (7 here), keyed by the seller: not 40 rows
    // for the relay and every consumer.
    expect(new Set(arrived.map((e) => e.row.id))).toHaveProperty('size', Math.ceil(n / 7))
    expect(arrived.every((e) => e.row.key === seller)).toBe(true)
    for (const no of ['D-1', 'D-20', `D-${n}`]) expect(await find(no)).toHaveLength(1)

    // Half repriced, half unchanged: only the repriced ones change, each with its priced event.
    const second = await upload(token, 'addUpdate', csv(...rows((i) => (i % 2 ? '-30' : '-35'))))
    expect(second.body.data.report).toMatchObject({ updated: n / 2, unchanged: n / 2 })
    expect((await call('seller/inventory/commit', { id: second.body.data.id }, token)).body.code).toBe('OK')
    const priced = (await stoneEvents(ids)).filter((e) => e.type === 'stock.stone.priced')
    expect(priced).toHaveLength(n / 2)
    const [d1] = await find('D-1')
    const [d2] = await find('D-2')
    expect([d1!.back, d2!.back]).toEqual([-35, -30])
  })

  it('shows new stones only once their commit is through, numbered in the file’s order across insert chunks', async () => {
    const seller = randomUUID()
    const token = stock.sign({ userType: 'seller', company: 'Zeta Gems', companyId: seller })
    const n = 30 // five chunks of seven and one of two
    const count = async () =>
      (await call('diamond/paginate', { limit: 1, countOnly: true }, sign.buyer!)).body.data.count as number
    const r = await upload(
      token,
      'addUpdate',
      csv(...Array.from({ length: n }, (_, i) => stone(`Z-${i + 1}`, '', 'BR', '1.2', 'H', 'SI1', '-20'))),
    )
    expect(r.body.data.report).toMatchObject({ added: n })
    const before = await count()
    failAfterInserts = true
    const failed = await call('seller/inventory/commit', { id: r.body.data.id }, token)
    failAfterInserts = false
    expect(failed.body.code).toBe('E_INTERNAL')
    expect(await stonesOf(seller)).toEqual([])
    for (const no of ['Z-1', 'Z-8', `Z-${n}`]) expect(await find(no)).toEqual([])
    expect(await count()).toBe(before)

    expect((await call('seller/inventory/commit', { id: r.body.data.id }, token)).body.code).toBe('OK')
    expect(await count()).toBe(before + n)
    for (let i = 1; i <= n; i++) expect(await find(`Z-${i}`), `Z-${i}`).toHaveLength(1)
    const numbered = await sql<{ stock_no: string; no: number }[]>`
      select stone_id as stock_no, substr(v_stn_id, 2)::int as no from stock.stones where seller_company_id = ${seller}`
    const inFileOrder = numbered.sort((a, b) => a.no - b.no).map((s) => s.stock_no)
    expect(inFileOrder).toEqual(Array.from({ length: n }, (_, i) => `Z-${i + 1}`))
    // The index has each stone as the table has it (a staged row is the inserted row, not a guess).
    const [z8] = await find('Z-8')
    const [row] = await sql<{ id: string; back: string }[]>`
      select id, back::text from stock.stones where seller_company_id = ${seller} and stone_id = 'Z-8'`
    expect(z8).toMatchObject({ id: row!.id, back: Number(row!.back) })
    // Slot by slot: the index holds each new stone, staged from its upload line while the
    // transaction ran and numbered after it, as a fresh index reading the committed table would.
    const ids = (await stonesOf(seller)).map((s) => s.id)
    const fresh = new StoneIndex()
    for (const r of await indexSources(sql, ids)) fresh.put(r)
    const slot = (ix: StoneIndex, id: string) => {
      const i = ix.byId.get(id)!
      const each = <T>(o: Record<string, ArrayLike<T>>, f: (k: string, v: T) => unknown = (_, v) => v) =>
        Object.fromEntries(Object.entries(o).map(([k, a]) => [k, f(k, a[i]!)]))
      return {
        enums: each(ix.enums, (k, code) => ix.dicts[k as keyof typeof ix.dicts].values[code]),
        ranges: each(ix.ranges),
        bools: each(ix.bools),
        symbols: ix.symbols[i],
        categories: ix.categories[i],
        pcs: ix.pcs[i],
        arrivedAt: ix.arrivedAt[i],
        version: ix.versionOf(id),
        keys: [ix.vStnIds[i], ix.pairNos[i] ?? null],
      }
    }
    expect(ids).toHaveLength(n)
    for (const id of ids) expect(slot(search.index, id)).toEqual(slot(fresh, id))
    await expectStatusEvents(
      (await stonesOf(seller)).map((s) => s.id),
      ['stock.stone.arrived'],
      seller,
    )
  })

  // Both previews said "added" and both commits added: the seller had two live stones of one number.
  it('lists a new stock number once when two previews add it: the later commit updates the stone the first added', async () => {
    // A seller of its own, last in the file: the other tests count their sellers' stones.
    const twinCompany = randomUUID()
    const twinSeller = stock.sign({ userType: 'seller', company: 'Twin Gems', companyId: twinCompany })
    const first = await upload(twinSeller, 'addUpdate', csv(stone('A-TWIN', '', 'BR', '1.2', 'H', 'SI1', '-30')))
    const second = await upload(twinSeller, 'addUpdate', csv(stone('a-twin', '', 'BR', '1.2', 'H', 'SI1', '-35')))
    expect(first.body.data.report).toMatchObject({ added: 1, updated: 0 })
    expect(second.body.data.report).toMatchObject({ added: 1, updated: 0 })
    expect((await call('seller/inventory/commit', { id: first.body.data.id }, twinSeller)).body.code).toBe('OK')
    const c = await call('seller/inventory/commit', { id: second.body.data.id }, twinSeller)
    expect(c.body.data).toMatchObject({ status: 'committed', report: { added: 0, updated: 1 } })
    const twins = (await stonesOf(twinCompany)).filter((s) => s.stone_id.toUpperCase() === 'A-TWIN')
    expect(twins).toHaveLength(1)
    const [listed] = await find(twins[0]!.stone_id)
    expect(listed!.back).toBe(-35)
    expect(await outboxTypes([twins[0]!.id])).toEqual(['stock.stone.arrived', 'stock.stone.priced'])
    const rows = await call('seller/inventory/rows', { id: second.body.data.id, kind: 'updated' }, twinSeller)
    expect(rows.body.data.list).toMatchObject([{ stockNo: 'a-twin', pricePct: -7.14 }])
  })

  it('commits all the same when the index cannot read the new stones’ lines: it reads the stones after', async () => {
    const company = randomUUID()
    const token = stock.sign({ userType: 'seller', company: 'Unread Gems', companyId: company })
    const r = await upload(
      token,
      'addUpdate',
      csv(stone('UNREAD-1', '', 'BR', '1.2', 'H', 'SI1', '-20'), stone('UNREAD-2', '', 'OV', '1.3', 'G', 'VS1', '-25')),
    )
    failLineRead = true
    try {
      const c = await call('seller/inventory/commit', { id: r.body.data.id }, token)
      expect(c.body.data).toMatchObject({ status: 'committed', report: { added: 2 } })
    } finally {
      failLineRead = false
    }
    for (const no of ['UNREAD-1', 'UNREAD-2']) expect(await find(no), no).toHaveLength(1)
    await expectIndexedAsCommitted(company, 2)
  })

  // A failed commit leaves its staged stones hidden under the ids the retry gives the same lines; a
  // retry that adopts a line stages nothing and must not show those leftovers as the new stones.
  it('shows an upload’s new stones as committed after a failed try and a retry that adopts a line', async () => {
    const company = randomUUID()
    const token = stock.sign({ userType: 'seller', company: 'Retry Gems', companyId: company })
    const r = await upload(
      token,
      'addUpdate',
      csv(
        stone('R-1', '', 'BR', '1.2', 'H', 'SI1', '-20'),
        stone('R-2', '', 'BR', '1.3', 'G', 'VS1', '-25'),
        stone('R-3', '', 'BR', '1.4', 'F', 'VS2', '-22'),
      ),
    )
    const [size, gone] = [search.index.size, search.index.goneCount]
    failAfterInserts = true
    const failed = await call('seller/inventory/commit', { id: r.body.data.id }, token)
    failAfterInserts = false
    expect(failed.body.code).toBe('E_INTERNAL')
    // The failed try staged its three stones, hidden: they stay so, under the ids a retry gives them.
    expect([search.index.size - size, search.index.goneCount - gone]).toEqual([3, 3])
    // Meanwhile the seller lists R-1 by another upload: the retry adopts that line.
    const other = await upload(token, 'addUpdate', csv(stone('R-1', '', 'BR', '1.2', 'H', 'SI1', '-30')))
    expect((await call('seller/inventory/commit', { id: other.body.data.id }, token)).body.code).toBe('OK')
    const retry = await call('seller/inventory/commit', { id: r.body.data.id }, token)
    expect(retry.body.data).toMatchObject({ status: 'committed', report: { added: 2, updated: 1 } })
    for (const no of ['R-1', 'R-2', 'R-3']) expect(await find(no), no).toHaveLength(1)
    // Each new stone as the committed table has it (its arrival the retry's).
    await expectIndexedAsCommitted(company, 3)
  })
})
