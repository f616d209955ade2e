import { DIGEST_BEST_STONES, DIGEST_STOCK_TYPES, MAX_DIGEST_STONES } from '@diamond/contracts/digests'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import {
  DigestEventTypes,
  type DigestDue,
  type DigestPrepared,
  type DigestReady,
  type DigestStone,
  type DigestSummary,
} from '@diamond/contracts/events/digests'
import { enqueue, newEvent, type Tx } from '@diamond/runtime'
import { columnsFor } from '../downloads/downloads.rules'
import { excelBuffer } from '../downloads/downloads.excel'
import { toStoneRow, type StoneRecord } from '../stones/stone-row'
import * as repo from './digests.repository'

/** The file a digest attaches is shared by every reader of the same period, stock type and price view. */
export const digestKey = (d: Pick<DigestDue, 'period' | 'stockType' | 'noPrice'>): string =>
  `${d.period}:${DIGEST_STOCK_TYPES[d.stockType]}:${d.noPrice ? 'unpriced' : 'priced'}`

/** stock-digest-daily-2026-11-25.xlsx, stock-digest-monthly-2026-10.xlsx */
const fileNameOf = (period: string) => `stock-digest-${period.replace(':', '-')}.xlsx`

function digestStone(r: StoneRecord, priced: boolean): DigestStone {
  return {
    vStnId: r.vStnId,
    shape: r.shape,
    carat: Number(r.carat),
    color: r.color,
    clarity: r.clarity,
    lab: r.lab,
    back: priced ? Number(r.back) : null,
    pricePerCarat: priced ? r.ctprCents / 100 : null,
  }
}

/**
 * The summary of a key, made with its Excel file the first time (the default grid columns; no price
 * column for a reader who may not see prices) and announced once (`stock.digest.prepared`, pushed
 * to `out`). Another consumer making the same key at once waits on the key's row and reads it.
 */
async function digestOf(tx: Tx, due: DigestDue, key: string, out: AnyEvent[]): Promise<DigestSummary> {
  const kept = await repo.findDigest(tx, key)
  if (kept) return kept
  const priced = !due.noPrice
  const scope = { newOnly: due.stockType === 1, since: due.since, until: due.until }
  const stones = await repo.bestStones(tx, scope, priced, MAX_DIGEST_STONES)
  const made: DigestSummary = {
    ...(await repo.digestCounts(tx, scope)),
    best: stones.slice(0, DIGEST_BEST_STONES).map((r) => digestStone(r, priced)),
    attached: stones.length,
  }
  if (!(await repo.keepDigest(tx, key, made))) return (await repo.findDigest(tx, key)) ?? made
  const xlsx = await excelBuffer(
    stones.map((r) => toStoneRow(r, priced, false)),
    columnsFor(undefined, priced).columns,
  )
  out.push(
    newEvent<DigestPrepared>('stock', DigestEventTypes.prepared, key, {
      fileKey: key,
      fileName: fileNameOf(due.period),
      xlsx: xlsx.toString('base64'),
    }),
  )
  return made
}

/**
 * auth.digest.due → each reader's digest (`stock.digest.ready`, with the summary), after the file
 * it attaches. Both carry the file's key as event key, so they reach notifications in order. The
 * files of a batch are made first and in key order: batches of other partitions taking the same
 * keys at once then wait for each other instead of deadlocking. Runs in the consumer's transaction.
 */
export async function onDigestsDue(tx: Tx, dues: DigestDue[]): Promise<void> {
  const firstOf = new Map<string, DigestDue>()
  for (const d of dues) if (!firstOf.has(digestKey(d))) firstOf.set(digestKey(d), d)
  const out: AnyEvent[] = []
  const summaries = new Map<string, DigestSummary>()
  for (const key of [...firstOf.keys()].sort()) summaries.set(key, await digestOf(tx, firstOf.get(key)!, key, out))
  for (const d of dues) {
    const key = digestKey(d)
    out.push(
      newEvent<DigestReady>('stock', DigestEventTypes.ready, key, { ...d, fileKey: key, summary: summaries.get(key)! }),
    )
  }
  await enqueue(tx, 'stock', out)
}
