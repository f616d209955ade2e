import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { GONE_W_STS, StockEventTypes } from '@diamond/contracts/events/stock'
import type { KeptReason, UploadRowKind } from '@diamond/contracts/http/inventory'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf, fields, name, query, readCast, wideQuery } from '@diamond/runtime/statements'
import {
  STATUS,
  withStatusEvents,
  type BulkChanged,
  type BulkStamp,
  type StatusRecord,
} from '../stones/stones.repository'
import { stones } from '../stones/stones.schema'
import { INDEX_COLUMNS, type IndexSource } from '../search/stone-index'
import { DIFF_FIELDS, PROTECTED_W_STS, type DiffField } from './inventory.diff'
import { sellerCompanies, sellerMappings, uploadRows, uploads, type Upload, type UploadRow } from './inventory.schema'
import type { Mapping } from './inventory.types'

/**
 * The columns a draft fills, named alike in `upload_rows` and `stones`: a commit copies them across
 * in one statement (the stock number is `stock_no` there, `stone_id` here).
 */
export const DRAFT_COLUMNS = [
  'certNo',
  'shape',
  'shapeFull',
  'carat',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'location',
  'shade',
  'rapCents',
  'back',
  'amtCents',
  'ctprCents',
  'length',
  'width',
  'height',
  'depPer',
  'tblPer',
  'ratio',
  'girdle',
  'culet',
  'treatment',
  'origin',
  'growthType',
  'keyToSymbol',
  'comments',
  'isFancy',
  'fancyColor',
  'fancyIntensity',
  'fancyOvertone',
  'eyeClean',
  'milky',
  'imageUrl',
  'videoUrl',
  'certificateUrl',
] as const satisfies readonly (keyof UploadRow & keyof typeof stones.$inferSelect)[]
export type DraftColumn = (typeof DRAFT_COLUMNS)[number]

// ---------- seller companies and mappings

export async function upsertSellerCompany(client: Sql | Tx, id: string, companyName: string): Promise<void> {
  await orm(client)
    .insert(sellerCompanies)
    .values({ id, name: companyName })
    .onConflictDoUpdate({
      target: sellerCompanies.id,
      set: { name: companyName, updatedAt: sql`now()` },
      setWhere: sql`${sellerCompanies.name} <> ${companyName}`,
    })
}

/**
 * The seller companies stock knows: those in `seller_companies` and those owning stones (named by
 * their stones' seller), each with its live stones (neither removed nor expired), by name.
 */
export async function pageSellerCompanies(
  client: Sql | Tx,
  req: { search?: string; page: number; limit: number },
): Promise<{ list: { id: string; name: string; liveStones: number }[]; count: number }> {
  const like = req.search ? `%${req.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const rows = await query<{ id: string; name: string; liveStones: number; total: number }>(
    client,
    sql`
    with known as (
      select ${sellerCompanies.id} as id, ${sellerCompanies.name} as name from ${sellerCompanies}
      union all
      select ${stones.sellerCompanyId}, coalesce(max(${stones.seller}), '') from ${stones}
       where ${stones.sellerCompanyId} is not null
         and not exists (select 1 from ${sellerCompanies} where ${sellerCompanies.id} = ${stones.sellerCompanyId})
       group by ${stones.sellerCompanyId}
    )
    select k.id as "id", k.name as "name", n.live as "liveStones", count(*) over ()::int as "total"
      from known k
      cross join lateral (
        select count(*)::int as live from ${stones}
         where ${stones.sellerCompanyId} = k.id
           and ${stones.wSts} not in (${GONE_W_STS.removed}, ${GONE_W_STS.expired})
      ) n
     where ${like === null ? sql`true` : sql`lower(k.name) like ${like}`}
     order by lower(k.name), k.id
     limit ${req.limit} offset ${(req.page - 1) * req.limit}`,
  )
  return { list: rows.map(({ id, name, liveStones }) => ({ id, name, liveStones })), count: rows[0]?.total ?? 0 }
}

/** A company owning stones that `seller_companies` does not know yet, named by its stones' seller. */
export async function stoneOwner(client: Sql | Tx, id: string): Promise<{ id: string; name: string } | null> {
  const [row] = await query<{ name: string }>(
    client,
    sql`select coalesce(max(${stones.seller}), '') as "name" from ${stones}
         where ${stones.sellerCompanyId} = ${id} having count(*) > 0`,
  )
  return row ? { id, name: row.name } : null
}

export async function sellerCompany(client: Sql | Tx, id: string): Promise<{ id: string; name: string } | null> {
  const [row] = await orm(client)
    .select({ id: sellerCompanies.id, name: sellerCompanies.name })
    .from(sellerCompanies)
    .where(eq(sellerCompanies.id, id))
  return row ?? null
}

export async function savedMapping(client: Sql | Tx, seller: string) {
  const [row] = await orm(client)
    .select({ mapping: sellerMappings.mapping, updatedAt: sellerMappings.updatedAt })
    .from(sellerMappings)
    .where(eq(sellerMappings.sellerCompanyId, seller))
  return row ?? null
}

export async function saveMapping(client: Sql | Tx, seller: string, mapping: Mapping, userId: string) {
  const [row] = await orm(client)
    .insert(sellerMappings)
    .values({ sellerCompanyId: seller, mapping, updatedBy: userId })
    .onConflictDoUpdate({
      target: sellerMappings.sellerCompanyId,
      set: { mapping, updatedBy: userId, updatedAt: sql`now()` },
    })
    .returning({ mapping: sellerMappings.mapping, updatedAt: sellerMappings.updatedAt })
  return row!
}

/** Most headers a seller's kept mapping remembers (a mapping sent in one call has at most as many). */
export const KEPT_MAPPING_MAX = 500

/**
 * Headers mapped on the upload screen merged into the seller's kept mapping, in one statement (two
 * remaps at once both land): the new fields win, the other headers stay. Past `KEPT_MAPPING_MAX`
 * headers only those of the file in hand (`headers`) are kept — the ones just changed and the ones
 * kept before for it — so the merge never grows without end and that file's layout is never lost.
 */
export async function keepMapping(
  client: Sql | Tx,
  seller: string,
  mapping: Mapping,
  headers: string[],
  userId: string,
) {
  const merged = sql`(${sellerMappings.mapping} || excluded.mapping)`
  await orm(client)
    .insert(sellerMappings)
    .values({ sellerCompanyId: seller, mapping, updatedBy: userId })
    .onConflictDoUpdate({
      target: sellerMappings.sellerCompanyId,
      set: {
        mapping: sql`case when (select count(*) from jsonb_object_keys(${merged})) > ${KEPT_MAPPING_MAX}
                          then (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(${merged})
                                 where key = any(${sql.param(headers)}::text[]))
                          else ${merged} end`,
        updatedBy: userId,
        updatedAt: sql`now()`,
      },
    })
}

// ---------- uploads

export async function insertUpload(client: Sql | Tx, row: typeof uploads.$inferInsert): Promise<void> {
  await orm(client).insert(uploads).values(row)
}

export async function updateUpload(client: Sql | Tx, id: string, set: Partial<typeof uploads.$inferInsert>) {
  await orm(client).update(uploads).set(set).where(eq(uploads.id, id))
}

/** An upload that never became a preview (its file could not be read): nothing of it stays, its lines neither. */
export async function deleteUpload(client: Sql, id: string): Promise<void> {
  await client.begin(async (tx) => {
    await orm(tx).delete(uploadRows).where(eq(uploadRows.uploadId, id))
    await orm(tx).delete(uploads).where(eq(uploads.id, id))
  })
}

/** The upload, only when it is this seller's (or any, for `seller` null: staff). */
export async function findUpload(client: Sql | Tx, id: string, seller: string | null): Promise<Upload | null> {
  const [row] = await orm(client)
    .select()
    .from(uploads)
    .where(seller === null ? eq(uploads.id, id) : and(eq(uploads.id, id), eq(uploads.sellerCompanyId, seller)))
  return row ?? null
}

/** Locks the upload row for its commit (a second commit of the same upload waits, then finds it committed). */
export async function lockUpload(tx: Tx, id: string): Promise<Upload | null> {
  const [row] = await orm(tx).select().from(uploads).where(eq(uploads.id, id)).for('update')
  return row ?? null
}

export async function pageUploads(client: Sql | Tx, seller: string | null, page: number, limit: number) {
  const where = seller === null ? undefined : eq(uploads.sellerCompanyId, seller)
  const db = orm(client)
  const [list, [total]] = await Promise.all([
    db
      .select({ upload: uploads, sellerName: sellerCompanies.name })
      .from(uploads)
      .leftJoin(sellerCompanies, eq(sellerCompanies.id, uploads.sellerCompanyId))
      .where(where)
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(uploads).where(where),
  ])
  return { list, count: total?.n ?? 0 }
}

/** Previews past their time: marked expired, their rows dropped; answers their files to delete. */
export async function expirePreviews(client: Sql | Tx, max: number): Promise<{ id: string; filePath: string }[]> {
  const due = await query<{ id: string; filePath: string }>(
    client,
    sql`
    with due as (
      select ${uploads.id} as id, ${uploads.filePath} as file_path from ${uploads}
       where ${uploads.status} = 'preview' and ${uploads.expiresAt} <= now()
       order by ${uploads.expiresAt} limit ${max} for update skip locked
    ), marked as (
      update ${uploads} set ${name(uploads.status)} = 'expired', ${name(uploads.filePath)} = ''
        from due where ${uploads.id} = due.id
    )
    select id as "id", file_path as "filePath" from due`,
  )
  if (due.length)
    await orm(client)
      .delete(uploadRows)
      .where(
        anyOf(
          uploadRows.uploadId,
          due.map((d) => d.id),
        ),
      )
  return due
}

// ---------- the seller's stock, as a preview compares it

/** A stone's compared values as one text, in `DIFF_FIELDS` order: PostgreSQL's text of each column. */
const PACKED = sql.join(
  DIFF_FIELDS.map((f: DiffField) => sql`${stones[f]}::text`),
  sql`, `,
)

export interface CurrentRow {
  id: string
  vStnId: string
  stockNo: string
  wSts: string
  inOrder: boolean
  inLot: boolean
  packed: string
}

/** The seller's stones (not removed), a batch at a time. */
export function currentStones(client: Sql, seller: string, batch = 5000): AsyncIterable<CurrentRow[]> {
  return query<CurrentRow>(
    client,
    sql`
    select ${stones.id} as "id", ${stones.vStnId} as "vStnId", ${stones.stoneId} as "stockNo", ${stones.wSts} as "wSts",
           ${stones.inOrder} as "inOrder", ${stones.bidLotId} is not null as "inLot",
           concat_ws(${String.fromCharCode(31)}, ${PACKED}) as "packed"
      from ${stones}
     where ${stones.sellerCompanyId} = ${seller} and ${stones.wSts} <> ${GONE_W_STS.removed}`,
  ).cursor(batch)
}

// ---------- writing a preview's lines: COPY

/** The line of a preview as written: the bookkeeping and, for drafts, the stone's columns. */
export type PreviewLine = Pick<UploadRow, 'seq' | 'kind' | 'stockNo'> &
  Partial<Pick<UploadRow, 'stoneRef' | 'wouldBe' | 'keptReason' | 'reasons' | 'flags' | 'changes' | 'pricePct'>> &
  Partial<Record<DraftColumn, string | number | boolean | null>>

const LINE_COLUMNS = [
  'seq',
  'kind',
  'stockNo',
  'stoneRef',
  'wouldBe',
  'keptReason',
  'reasons',
  'flags',
  'changes',
  'pricePct',
  ...DRAFT_COLUMNS,
] as const

const copyText = (s: string) =>
  s.includes('\\') || s.includes('\t') || s.includes('\n') || s.includes('\r')
    ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : s
const arrayText = (a: readonly string[]) =>
  `{${a.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`

/**
 * A number as `String(n)` writes it, made without V8's shortest-round-trip conversion when it has at
 * most two decimals (carats, percentages, millimetres): that conversion is about 70 ns a number, and a
 * preview line has nine of them (65 of the line writer's 290 ms on 100,000 lines). A unit test holds
 * it to `String` over a million values.
 */
export function copyNumber(n: number): string {
  if (Number.isInteger(n)) return String(n)
  const cents = Math.round(n * 100)
  if (cents / 100 !== n || cents > 1e14 || cents < -1e14) return String(n)
  const negative = cents < 0
  const abs = negative ? -cents : cents
  const whole = Math.floor(abs / 100)
  const frac = abs - whole * 100
  return (negative ? '-' : '') + whole + (frac % 10 === 0 ? '.' + frac / 10 : frac < 10 ? '.0' + frac : '.' + frac)
}

/** One value in COPY's text format. */
function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N'
  if (typeof v === 'string') return copyText(v)
  if (typeof v === 'number') return copyNumber(v)
  if (typeof v === 'boolean') return v ? 't' : 'f'
  if (Array.isArray(v)) return v.length === 0 ? '{}' : copyText(arrayText(v as string[]))
  return '\\N'
}

/**
 * A draft's columns in COPY's text format, in DRAFT_COLUMNS' order (a unit test holds the two
 * together), added to `out`. Written out field by field rather than looped over DRAFT_COLUMNS: a
 * loop's `d[k]` reads each field through a lookup that sees 39 names.
 */
function pushDraft(out: string[], d: Readonly<Partial<Record<DraftColumn, unknown>>>): void {
  const v = copyValue
  out.push(
    v(d.certNo),
    v(d.shape),
    v(d.shapeFull),
    v(d.carat),
    v(d.color),
    v(d.clarity),
    v(d.cut),
    v(d.polish),
    v(d.symmetry),
    v(d.fluorescence),
    v(d.lab),
    v(d.location),
    v(d.shade),
    v(d.rapCents),
    v(d.back),
    v(d.amtCents),
    v(d.ctprCents),
    v(d.length),
    v(d.width),
    v(d.height),
    v(d.depPer),
    v(d.tblPer),
    v(d.ratio),
    v(d.girdle),
    v(d.culet),
    v(d.treatment),
    v(d.origin),
    v(d.growthType),
    v(d.keyToSymbol),
    v(d.comments),
    v(d.isFancy),
    v(d.fancyColor),
    v(d.fancyIntensity),
    v(d.fancyOvertone),
    v(d.eyeClean),
    v(d.milky),
    v(d.imageUrl),
    v(d.videoUrl),
    v(d.certificateUrl),
  )
}

/** A draft's columns in COPY's text format, tab-separated. */
export function draftText(d: Readonly<Partial<Record<DraftColumn, unknown>>>): string {
  const out: string[] = []
  pushDraft(out, d)
  return out.join('\t')
}

/**
 * Writes a preview's lines with one COPY (PostgreSQL's bulk load: a 100,000-row file is one
 * statement, not 100,000 round trips), honouring the stream's back-pressure.
 */
export class LineWriter {
  private buffer: string[] = []
  private constructor(
    private readonly stream: Writable,
    private readonly uploadId: string,
  ) {}

  static async open(client: Sql, uploadId: string): Promise<LineWriter> {
    const { schema, name: table } = getTableConfig(uploadRows)
    const columns = [...LINE_COLUMNS.map((k) => `"${uploadRows[k].name}"`), `"${uploadRows.uploadId.name}"`]
    const stream = await client.unsafe(`copy "${schema}"."${table}" (${columns.join(', ')}) from stdin`).writable()
    return new LineWriter(stream, uploadId)
  }

  /**
   * Adds a line (a draft's columns from `draft` when given, else from the line); answers a promise
   * only when the buffer went out and the stream asked to wait, so most lines cost no await.
   */
  write(
    line: PreviewLine,
    draft?: Readonly<Record<DraftColumn, string | number | boolean>>,
  ): Promise<void> | undefined {
    // COPY writes NULL for a missing value, which the not-null lists refuse (a refused COPY is only
    // reported when the stream ends, so nothing may be left to refuse).
    // One array joined a line: a line built with `+` is a chain of a hundred pieces that the chunk's
    // join must walk (on 100,000 lines, with copyNumber: 225 against 287 ms, eight runs each).
    const out = [
      String(line.seq),
      copyText(line.kind),
      copyText(line.stockNo),
      copyValue(line.stoneRef),
      copyValue(line.wouldBe),
      copyValue(line.keptReason),
      copyValue(line.reasons ?? []),
      copyValue(line.flags ?? []),
      line.changes ? copyText(JSON.stringify(line.changes)) : '\\N',
      copyValue(line.pricePct),
    ]
    pushDraft(out, draft ?? line)
    out.push(this.uploadId)
    this.buffer.push(out.join('\t'))
    return this.buffer.length >= 1000 ? this.flush() : undefined
  }

  private async flush(): Promise<void> {
    if (!this.buffer.length) return
    const chunk = this.buffer.join('\n') + '\n'
    this.buffer = []
    if (!this.stream.write(chunk)) await once(this.stream, 'drain')
  }

  async close(): Promise<void> {
    await this.flush()
    const done = once(this.stream, 'finish')
    this.stream.end()
    await done
  }

  /** Gives up: the COPY fails and writes nothing. */
  abort(err: Error): void {
    // The error is the caller's to report: the COPY stream only carries it to the server as the
    // reason of the CopyFail. Without a listener its 'error' event would crash the process.
    this.stream.on('error', () => {})
    this.stream.destroy(err)
  }
}

/**
 * Of these certificate numbers, those another seller (or the house) already lists: a preview asks
 * 1,000 at a time while it writes its lines, and flags those lines after (`flagCerts`).
 */
export async function certsListedElsewhere(
  client: Sql | Tx,
  certs: readonly string[],
  seller: string,
): Promise<string[]> {
  const rows = await query<{ certNo: string }>(client, certsListedElsewhereStatement(certs, seller))
  return rows.map((r) => r.certNo)
}

/** The lookup's statement: `<> ''` written into it, so the partial index on certificate numbers serves a generic plan. */
export const certsListedElsewhereStatement = (certs: readonly string[], seller: string) => sql`
    select distinct ${stones.certNo} as "certNo" from ${stones}
     where ${anyOf(stones.certNo, certs)} and ${stones.certNo} <> ''
       and ${stones.sellerCompanyId} is distinct from ${seller}
       and ${stones.wSts} not in (${GONE_W_STS.removed}, ${GONE_W_STS.expired})`

/** Flags an upload's valid lines of these certificates as listed elsewhere (a trust signal, not a refusal). */
export async function flagCerts(client: Sql | Tx, uploadId: string, certs: readonly string[]): Promise<void> {
  await query(
    client,
    sql`
    update ${uploadRows} set ${name(uploadRows.flags)} = array_append(${uploadRows.flags}, 'flag.certListedElsewhere')
     where ${uploadRows.uploadId} = ${uploadId}
       and ${uploadRows.kind} in ('added', 'updated', 'unchanged', 'kept') and ${anyOf(uploadRows.certNo, certs)}`,
  )
}

export async function deleteLines(client: Sql | Tx, uploadId: string): Promise<void> {
  await orm(client).delete(uploadRows).where(eq(uploadRows.uploadId, uploadId))
}

export interface LineView extends Pick<
  UploadRow,
  'seq' | 'kind' | 'stockNo' | 'stoneRef' | 'wouldBe' | 'keptReason' | 'reasons' | 'flags' | 'changes' | 'pricePct'
> {
  vStnId: string | null
  shape: string
  carat: number | null
  color: string
  clarity: string
  back: number | null
  amtCents: number | null
}

/** A page of one of a preview's lists; a stone left out shows its values in stock. */
export async function linesPage(
  client: Sql | Tx,
  uploadId: string,
  kind: UploadRowKind,
  page: number,
  limit: number,
): Promise<{ list: LineView[]; count: number }> {
  const [list, [total]] = await Promise.all([
    query<LineView>(
      client,
      sql`
      select ${fields(uploadRows, ['seq', 'kind', 'stockNo', 'stoneRef', 'wouldBe', 'keptReason', 'reasons', 'flags', 'changes', 'pricePct'])},
             ${stones.vStnId} as "vStnId",
             coalesce(${uploadRows.shape}, ${stones.shape}, '') as "shape",
             coalesce(${uploadRows.carat}, ${stones.carat})::float8 as "carat",
             coalesce(${uploadRows.color}, ${stones.color}, '') as "color",
             coalesce(${uploadRows.clarity}, ${stones.clarity}, '') as "clarity",
             coalesce(${uploadRows.back}, ${stones.back})::float8 as "back",
             coalesce(${uploadRows.amtCents}, ${stones.amtCents})::float8 as "amtCents"
        from ${uploadRows} left join ${stones} on ${stones.id} = ${uploadRows.stoneRef}
       where ${uploadRows.uploadId} = ${uploadId} and ${uploadRows.kind} = ${kind}
       order by ${uploadRows.seq} < 0, abs(${uploadRows.seq})
       limit ${limit} offset ${(page - 1) * limit}`,
    ),
    orm(client)
      .select({ n: count() })
      .from(uploadRows)
      .where(and(eq(uploadRows.uploadId, uploadId), eq(uploadRows.kind, kind))),
  ])
  return { list, count: total?.n ?? 0 }
}

/** Every invalid line of an upload, in file order, a batch at a time (the invalid-rows workbook). */
export function invalidLines(client: Sql, uploadId: string) {
  return query<{ seq: number; stockNo: string; reasons: string[] }>(
    client,
    sql`select ${fields(uploadRows, ['seq', 'stockNo', 'reasons'])} from ${uploadRows}
         where ${uploadRows.uploadId} = ${uploadId} and ${uploadRows.kind} = 'invalid' order by ${uploadRows.seq}`,
  ).cursor(2000)
}

// ---------- commit

/** The commit's lock on one seller's stock: false when another commit of that seller holds it. */
/** The seller's upload lock, waited for (an edit that renumbers a stone; a commit is short). */
export async function lockSeller(tx: Tx, seller: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext('stock:inventory'), hashtext(${seller}))`
}

export async function tryLockSeller(tx: Tx, seller: string): Promise<boolean> {
  const [row] =
    (await tx`select pg_try_advisory_xact_lock(hashtext('stock:inventory'), hashtext(${seller})) as ok`) as unknown as [
      { ok: boolean },
    ]
  return row.ok
}

const protectedList = Object.keys(PROTECTED_W_STS)
/** A stone an upload may not touch (the SQL twin of `keptReason`). */
const isProtected = sql`(${stones.bidLotId} is not null or ${stones.inOrder} or ${anyOf(stones.wSts, protectedList)})`
const notProtected = sql`(${stones.bidLotId} is null and not ${stones.inOrder} and not ${anyOf(stones.wSts, protectedList)})`
const keptReasonSql = sql`case when ${stones.bidLotId} is not null then 'auction' when ${stones.inOrder} then 'order' ${sql.join(
  Object.entries(PROTECTED_W_STS).map(([w, r]) => sql`when ${stones.wSts} = ${w} then ${r}`),
  sql` `,
)} end`

/**
 * Lines the preview would add whose stock number the seller has listed since (another upload
 * committed first, or an edit): they update that stone instead, so one number never lists twice.
 * Matched as the preview matches (trimmed, upper case, stones not removed; the oldest of any twins).
 */
export async function adoptListedSince(tx: Tx, uploadId: string, seller: string): Promise<{ seq: number }[]> {
  return query<{ seq: number }>(
    tx,
    sql`
    update ${uploadRows}
       set ${name(uploadRows.kind)} = 'updated', ${name(uploadRows.stoneRef)} = s.id,
           ${name(uploadRows.pricePct)} = case when s.amt is distinct from ${uploadRows.amtCents} and s.amt > 0
             then round((${uploadRows.amtCents} - s.amt) * 100.0 / s.amt, 2) end
      from (select distinct on (upper(btrim(${stones.stoneId}))) ${stones.id} as id,
                   upper(btrim(${stones.stoneId})) as key, ${stones.amtCents} as amt
              from ${stones}
             where ${stones.sellerCompanyId} = ${seller} and ${stones.wSts} <> ${GONE_W_STS.removed}
             order by upper(btrim(${stones.stoneId})), ${stones.createdAt}) s
     where ${uploadRows.uploadId} = ${uploadId} and ${uploadRows.kind} = 'added'
       and upper(btrim(${uploadRows.stockNo})) = s.key
    returning ${uploadRows.seq} as "seq"`,
  )
}

/** Lines whose stone became someone's since the preview: kept now (the upload leaves them alone). */
export async function keepNewlyProtected(tx: Tx, uploadId: string): Promise<{ seq: number; reason: KeptReason }[]> {
  return query<{ seq: number; reason: KeptReason }>(
    tx,
    sql`
    update ${uploadRows}
       set ${name(uploadRows.wouldBe)} = ${uploadRows.kind}, ${name(uploadRows.kind)} = 'kept',
           ${name(uploadRows.keptReason)} = ${keptReasonSql}
      from ${stones}
     where ${uploadRows.uploadId} = ${uploadId} and ${uploadRows.kind} in ('updated', 'deleted')
       and ${stones.id} = ${uploadRows.stoneRef} and ${isProtected}
    returning ${uploadRows.seq} as "seq", ${uploadRows.keptReason} as "reason"`,
  )
}

const listingSet = (listedUntil: Date, userId: string) => sql`
  ${name(stones.listedUntil)} = ${listedUntil.toISOString()}::timestamptz,
  ${name(stones.listedBy)} = ${userId}, ${name(stones.expiryToldAt)} = null`

/** A stone one seller edits: repriced when its price moved (the index reads it again). */
export type ChangedStone = StatusRecord & { repriced?: boolean }

/**
 * The preview's updates, applied, each with its event (priced when the price moved, else updated);
 * a stone protected meanwhile is left alone (its line says kept).
 */
export async function applyUpdates(
  tx: Tx,
  uploadId: string,
  listedUntil: Date,
  userId: string,
  stamp: BulkStamp,
): Promise<BulkChanged[]> {
  const dml = sql`
    update ${stones}
       set ${sql.join(
         DRAFT_COLUMNS.map((k) => sql`${name(stones[k])} = ${uploadRows[k]}`),
         sql`, `,
       )},
           ${name(stones.wSts)} = case when ${stones.wSts} = ${GONE_W_STS.expired} then 'A' else ${stones.wSts} end,
           ${name(stones.statusVersion)} = ${stones.statusVersion} + 1, ${name(stones.updatedAt)} = now(),
           ${listingSet(listedUntil, userId)}
      from ${uploadRows}
     where ${uploadRows.uploadId} = ${uploadId} and ${uploadRows.kind} = 'updated'
       and ${stones.id} = ${uploadRows.stoneRef} and ${notProtected}
    returning ${STATUS}, ${fields(stones, ['back'])},
              case when ${uploadRows.pricePct} is not null then ${StockEventTypes.priced} else ${StockEventTypes.updated} end as "eventType"`
  return query<BulkChanged>(tx, withStatusEvents(dml, stamp, true))
}

/** Stones the seller removes (a replace-all leaves them out; a delete names them): wSts R, out of stock. */
const removeSet = sql`${name(stones.wSts)} = ${GONE_W_STS.removed}, ${name(stones.statusVersion)} = ${stones.statusVersion} + 1,
  ${name(stones.updatedAt)} = now(), ${name(stones.listedUntil)} = null`

export async function applyDeletes(tx: Tx, uploadId: string, stamp: BulkStamp): Promise<BulkChanged[]> {
  const dml = sql`
    update ${stones} set ${removeSet}
      from ${uploadRows}
     where ${uploadRows.uploadId} = ${uploadId} and ${uploadRows.kind} = 'deleted'
       and ${stones.id} = ${uploadRows.stoneRef} and ${notProtected}
    returning ${STATUS}, ${StockEventTypes.removed}::text as "eventType"`
  return query<BulkChanged>(tx, withStatusEvents(dml, stamp, false))
}

/** Past every line's seq: a chunk's range always has an upper bound, so it is one range of the key's index. */
const SEQ_END = 2_147_483_647

/** Where the upload's added rows' chunks of `size` start (their seqs, in order). */
export async function addedChunks(client: Sql | Tx, uploadId: string, size: number): Promise<number[]> {
  const rows = await query<{ seq: number }>(
    client,
    sql`select seq from (
          select ${uploadRows.seq} as seq, row_number() over (order by ${uploadRows.seq}) as n from ${uploadRows}
           where ${uploadRows.uploadId} = ${uploadId} and ${uploadRows.kind} = 'added') t
         where (n - 1) % ${size} = 0 order by seq`,
  )
  return rows.map((r) => r.seq)
}

/**
 * The id of the stone an added line becomes, decided by the upload and the line as stored (an MD5 of
 * them, marked as a name-based version 3 UUID), so that the index can stage the stone from its line
 * on another connection while the insert runs; an upload is committed once, so no two stones share one.
 */
const newStoneId = sql`overlay(overlay(md5(${uploadRows.uploadId}::text || ':' || ${uploadRows.seq}::text)
  placing '3' from 13) placing '8' from 17)::uuid`

/** The stone's columns an insert of an added line leaves to their defaults (a value, or null), as SQL literals. */
function defaultOf(column: (typeof stones)[keyof IndexSource]): SQL {
  const type = sql.raw(column.getSQLType())
  const v: unknown = column.default
  if (v === undefined || v === null) return sql`null::${type}`
  if (Array.isArray(v) && v.length === 0) return sql`'{}'::${type}`
  if (typeof v === 'boolean' || typeof v === 'number') return sql`${sql.raw(String(v))}::${type}`
  if (typeof v === 'string') return sql`${sql.raw(`'${v.replace(/'/g, "''")}'`)}::${type}`
  throw new Error(`the stones' column ${column.name} has a default the line reader cannot write`)
}

const DRAFT_SET: ReadonlySet<string> = new Set(DRAFT_COLUMNS)

/**
 * The index rows of the stones the upload's added lines with seq in [from, to) become, read from the
 * lines (committed at the preview, so any connection reads them while the commit's transaction
 * inserts): each column as `applyInserts` writes it — the line's value, the seller, the stock number,
 * the id `newStoneId`, the commit's time as the arrival (the insert's `now()`), the table's default for
 * the rest — and no stone number (`vStnId` ''), which the insert hands out and the commit gives the
 * index. A test holds the staged stones to a fresh read of the committed table.
 */
export function addedLineSources(
  client: Sql,
  uploadId: string,
  range: { from: number; to: number | null },
  seller: { id: string; name: string },
  arrivedAt: Date,
): Promise<IndexSource[]> {
  const given: Partial<Record<keyof IndexSource, SQL>> = {
    id: newStoneId,
    vStnId: sql`''::text`,
    stoneId: sql`${uploadRows.stockNo}`,
    seller: sql`${seller.name}::text`,
    sellerCompanyId: sql`${seller.id}::uuid`,
    arrivedAt: sql`${arrivedAt.toISOString()}::timestamptz`,
  }
  const columns = [...INDEX_COLUMNS, 'statusVersion' as const].map((k) => {
    const value =
      given[k] ??
      (DRAFT_SET.has(k)
        ? sql`${uploadRows[k as DraftColumn]}::${sql.raw(stones[k].getSQLType())}`
        : defaultOf(stones[k]))
    // Read as a read of the stone would be (`fields`: a bigint as a number).
    return sql`(${value})${sql.raw(readCast(stones[k]))} as ${sql.identifier(k)}`
  })
  return wideQuery<IndexSource>(
    client,
    sql`select ${sql.join(columns, sql`, `)} from ${uploadRows}
         where ${uploadRows.uploadId} = ${uploadId} and ${uploadRows.kind} = 'added'
           and ${uploadRows.seq} >= ${range.from} and ${uploadRows.seq} < ${range.to ?? SEQ_END}
         order by ${uploadRows.seq}`,
  )
}

/** The time of the transaction (what `now()` writes in it: the stones' arrival). */
export async function transactionTime(tx: Tx): Promise<Date> {
  const [row] = await query<{ at: Date }>(tx, sql`select now() as at`)
  return row!.at
}

/**
 * The added rows whose seq lies in [from, to) (to null: to the end) become stones, numbered from the
 * stock's sequence in the file's order, each announced as arrived (in bulk events); answered with their statuses
 * (the index stages the new stones from their lines meanwhile: `addedLineSources`), each under the id
 `newStoneId` gives its line.
 */
export function applyInserts(
  tx: Tx,
  uploadId: string,
  range: { from: number; to: number | null },
  seller: { id: string; name: string },
  listedUntil: Date,
  userId: string,
  stamp: BulkStamp,
): Promise<BulkChanged[]> {
  const cols = DRAFT_COLUMNS.map((k) => name(stones[k]))
  const dml = sql`
    insert into ${stones} (${name(stones.id)}, ${name(stones.vStnId)}, ${name(stones.stoneId)}, ${name(stones.sellerCompanyId)},
                           ${name(stones.seller)}, ${name(stones.listedUntil)}, ${name(stones.listedBy)}, ${sql.join(cols, sql`, `)})
    select ${newStoneId}, 'N' || nextval('stock.stone_numbers'), ${uploadRows.stockNo}, ${seller.id}::uuid, ${seller.name},
           ${listedUntil.toISOString()}::timestamptz, ${userId}::uuid,
           ${sql.join(
             DRAFT_COLUMNS.map((k) => sql`${uploadRows[k]}`),
             sql`, `,
           )}
      from ${uploadRows}
     where ${uploadRows.uploadId} = ${uploadId} and ${uploadRows.kind} = 'added'
       and ${uploadRows.seq} >= ${range.from} and ${uploadRows.seq} < ${range.to ?? SEQ_END}
     order by ${uploadRows.seq}
    returning ${STATUS}, ${StockEventTypes.arrived}::text as "eventType"`
  return query<BulkChanged>(tx, withStatusEvents(dml, stamp, false))
}

/**
 * Stones the upload lists again as they are (and kept ones it names): their listing starts over;
 * an expired one comes back to stock (returned, for its event). The rest change nothing buyers see.
 */
export async function refreshListed(
  tx: Tx,
  uploadId: string,
  listedUntil: Date,
  userId: string,
  stamp: BulkStamp,
): Promise<BulkChanged[]> {
  const named = sql`${uploadRows.uploadId} = ${uploadId} and ${stones.id} = ${uploadRows.stoneRef}
       and (${uploadRows.kind} = 'unchanged' or (${uploadRows.kind} = 'kept' and ${uploadRows.wouldBe} = 'updated'))`
  const relisted = await query<BulkChanged>(
    tx,
    withStatusEvents(
      sql`
    update ${stones} set ${name(stones.wSts)} = 'A', ${name(stones.statusVersion)} = ${stones.statusVersion} + 1,
                         ${name(stones.updatedAt)} = now(), ${listingSet(listedUntil, userId)}
      from ${uploadRows}
     where ${named} and ${stones.wSts} = ${GONE_W_STS.expired}
    returning ${STATUS}, ${StockEventTypes.relisted}::text as "eventType"`,
      stamp,
      false,
    ),
  )
  await query(
    tx,
    sql`update ${stones} set ${listingSet(listedUntil, userId)} from ${uploadRows}
         where ${named} and ${stones.wSts} <> ${GONE_W_STS.expired}`,
  )
  return relisted
}

// ---------- listings: expiry and refresh

/**
 * A listing still live (not removed, not expired): the predicate of the listings' partial index
 * (migration 0021), written with literals, which a parameter would hide from the planner.
 */
const liveListing = sql`${stones.listedUntil} is not null and ${stones.wSts} not in (${sql.raw(
  `'${GONE_W_STS.removed}', '${GONE_W_STS.expired}'`,
)})`

/** The live listings that have run out, the first `max` of them (exported for the plans test). */
export const dueListingsStatement = (max: number): SQL => sql`
  select ${stones.id} from ${stones}
   where ${stones.listedUntil} <= now() and ${liveListing} and ${notProtected}
   order by ${stones.listedUntil} limit ${max} for update skip locked`

/** Listings past their time leave live stock (a stone someone is buying waits until it is free). */
export async function expireListings(tx: Tx, max: number, stamp: BulkStamp): Promise<BulkChanged[]> {
  const dml = sql`
    update ${stones} set ${name(stones.wSts)} = ${GONE_W_STS.expired}, ${name(stones.statusVersion)} = ${stones.statusVersion} + 1,
                         ${name(stones.updatedAt)} = now()
     where ${stones.id} in (${dueListingsStatement(max)})
    returning ${STATUS}, ${StockEventTypes.expired}::text as "eventType",
              coalesce(${stones.sellerCompanyId}::text, ${stones.id}::text) as "eventKey"`
  return query<BulkChanged>(tx, withStatusEvents(dml, { ...stamp, key: null }, false))
}

/** Listings that run out within `hours`, not yet told: marked told; answers who listed them, how many, the first end. */
export async function takeExpiryNotices(
  tx: Tx,
  hours: number,
): Promise<{ userId: string; count: number; expiresAt: Date }[]> {
  return query<{ userId: string; count: number; expiresAt: Date }>(
    tx,
    sql`
    with told as (
      update ${stones} set ${name(stones.expiryToldAt)} = now()
       where ${stones.id} in (
         select ${stones.id} from ${stones}
          where ${stones.listedUntil} <= now() + make_interval(hours => ${hours}::int) and ${stones.listedUntil} > now()
            and ${stones.expiryToldAt} is null and ${stones.listedBy} is not null
            and ${liveListing}
          limit 10000 for update skip locked)
      returning ${stones.listedBy} as listed_by, ${stones.listedUntil} as listed_until
    )
    select listed_by as "userId", count(*)::int as "count", min(listed_until) as "expiresAt" from told group by listed_by`,
  )
}

/** The seller's stones named (or all): restrict a statement to them. */
export const sellerStones = (seller: string, ids: readonly string[] | 'all'): SQL =>
  ids === 'all'
    ? sql`${stones.sellerCompanyId} = ${seller}`
    : sql`${stones.sellerCompanyId} = ${seller} and ${anyOf(stones.id, ids)}`

/** Refresh: the listing starts over; expired ones come back to stock (returned, for their events). */
export async function refreshStones(
  tx: Tx,
  which: SQL,
  listedUntil: Date,
  userId: string,
  stamp: BulkStamp,
): Promise<{ relisted: BulkChanged[]; refreshed: number }> {
  // The live ones first: the expired ones, once relisted, must not be counted twice.
  const rest = await query<{ id: string }>(
    tx,
    sql`update ${stones} set ${listingSet(listedUntil, userId)}
         where ${which} and ${stones.wSts} not in (${GONE_W_STS.removed}, ${GONE_W_STS.expired})
        returning ${stones.id} as "id"`,
  )
  const relisted = await query<BulkChanged>(
    tx,
    withStatusEvents(
      sql`update ${stones} set ${name(stones.wSts)} = 'A', ${name(stones.statusVersion)} = ${stones.statusVersion} + 1,
                               ${name(stones.updatedAt)} = now(), ${listingSet(listedUntil, userId)}
           where ${which} and ${stones.wSts} = ${GONE_W_STS.expired}
          returning ${STATUS}, ${StockEventTypes.relisted}::text as "eventType"`,
      stamp,
      false,
    ),
  )
  return { relisted, refreshed: relisted.length + rest.length }
}

/** Delete: the stones named (or all) leave stock, except those someone is buying (answered as kept). */
export async function removeStones(
  tx: Tx,
  which: SQL,
  stamp: BulkStamp,
): Promise<{ removed: BulkChanged[]; kept: { id: string; vStnId: string; reason: KeptReason }[] }> {
  const kept = await query<{ id: string; vStnId: string; reason: KeptReason }>(
    tx,
    sql`select ${stones.id} as "id", ${stones.vStnId} as "vStnId", ${keptReasonSql} as "reason" from ${stones}
         where ${which} and ${stones.wSts} <> ${GONE_W_STS.removed} and ${isProtected}`,
  )
  const removed = await query<BulkChanged>(
    tx,
    withStatusEvents(
      sql`update ${stones} set ${removeSet}
           where ${which} and ${stones.wSts} <> ${GONE_W_STS.removed} and ${notProtected}
          returning ${STATUS}, ${StockEventTypes.removed}::text as "eventType"`,
      stamp,
      false,
    ),
  )
  return { removed, kept }
}
