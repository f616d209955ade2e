import { rm } from 'node:fs/promises'
import { Worker, type ResourceLimits } from 'node:worker_threads'
import type { ErrorCode } from '@diamond/contracts/errors'
import { AppError } from '@diamond/runtime/errors'
import type { RawRow } from './inventory.read.xlsx'

/**
 * The worker's heap bounds. Measured on the 100,000-row trade XLSX (exceljs reading it, nothing else;
 * each in a fresh process): V8's defaults grow the process by +399 MiB; a young generation of 16 MiB
 * alone +242 MiB; with the old generation bounded to 256 MiB as well +109–121 MiB. That young
 * generation cost time, though: readSheet spent 39 % of its 6.9 s in the collector and took 9.4–10.5 s
 * against the bare reader's 3.2–3.4 s (2.9×, and a preview in the benchmark now and then 3.5×). With
 * 48 MiB: 4.3–4.7 s at +103–119 MiB (16 MiB: 9.4–10.5 s at +107–115; 64 MiB: 4.3–4.6 s at +130–137;
 * same quiet machine, one process each). 256 MiB of old generation leaves room for the largest shared
 * strings a workbook may have (64 MiB of XML, ZIP_BOUNDS); a workbook that needs more is refused as a
 * bomb (reason `memory`).
 */
export const XLSX_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 48 }

/** Rows per message, and messages the worker may send ahead of the reader (then it waits). */
export const BATCH_ROWS = 500
export const AHEAD = 4

/** Worker → reader. */
export type FromWorker =
  | { rows: RawRow[] }
  | { done: true }
  | { error: { code: ErrorCode; data: Record<string, unknown> | null; message: string } }
/** Reader → worker: one more batch may be sent; or stop (close the file and end). */
export type ToWorker = 'more' | 'stop'

export interface WorkerInput {
  path: string
  dir: string
  fileName: string
}

/** How the worker is started: through tsx when these sources run as TypeScript, directly when compiled. */
function boot(): { code: string; eval: true } {
  const ts = import.meta.url.endsWith('.ts')
  const entry = new URL(`./inventory.read.worker.${ts ? 'ts' : 'js'}`, import.meta.url).href
  // A worker does not inherit tsx's loader: it registers it, then loads the entry.
  const code = ts
    ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`
    : `import(${JSON.stringify(entry)})`
  return { code, eval: true }
}

/**
 * The rows of a spooled workbook, read by a worker thread (inventory.read.worker.ts) and handed over
 * in the batches the worker sends, at most AHEAD batches ahead of the caller: a slow consumer (the
 * preview writing to PostgreSQL) holds the worker back instead of letting rows pile up. Errors arrive
 * as the AppErrors the reading raised. A caller that stops early (`return()`) makes the worker close
 * the file and end.
 */
export async function* workerRows(input: WorkerInput): AsyncGenerator<RawRow[]> {
  const { code } = boot()
  const worker = new Worker(code, { eval: true, workerData: input, resourceLimits: XLSX_WORKER_LIMITS })
  const inbox: (FromWorker | { failed: unknown } | { exited: number })[] = []
  let wake: (() => void) | undefined
  const arrive = (m: (typeof inbox)[number]) => {
    inbox.push(m)
    wake?.()
  }
  worker.on('message', (m: FromWorker) => arrive(m))
  worker.on('error', (err) => arrive({ failed: err }))
  const ended = new Promise<void>((resolve) =>
    worker.on('exit', (code) => {
      arrive({ exited: code })
      resolve()
    }),
  )
  try {
    for (;;) {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve))
      wake = undefined
      const m = inbox.shift()!
      if ('rows' in m) {
        worker.postMessage('more' satisfies ToWorker)
        if (m.rows.length) yield m.rows
      } else if ('done' in m) return
      else if ('error' in m) throw new AppError(m.error.code, m.error.data, m.error.message)
      else if ('failed' in m) throw failure(m.failed, input.fileName)
      else throw new AppError('E_UPLOAD_TYPE', { fileName: input.fileName })
    }
  } finally {
    await stop(worker, ended)
    // The worker removes the spool folder once the file is open; if it never got that far, here.
    await rm(input.dir, { recursive: true, force: true })
  }
}

/** A worker that ran out of its bounded heap read a workbook no honest sheet makes; anything else is unreadable. */
function failure(err: unknown, fileName: string): AppError {
  if (err instanceof AppError) return err
  if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new AppError('E_UPLOAD_BOMB', { reason: 'memory' })
  return new AppError('E_UPLOAD_TYPE', { fileName })
}

/** Asks the worker to close the workbook and end (its file descriptor is the process's); ends it after a while regardless. */
async function stop(worker: Worker, ended: Promise<void>): Promise<void> {
  worker.postMessage('stop' satisfies ToWorker) // ignored by a worker that has ended
  const timer = setTimeout(() => void worker.terminate(), 5_000)
  await ended
  clearTimeout(timer)
}
