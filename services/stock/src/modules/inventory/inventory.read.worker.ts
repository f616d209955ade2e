import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '@diamond/runtime/errors'
import { AHEAD, BATCH_ROWS, type FromWorker, type ToWorker, type WorkerInput } from './inventory.read.thread'
import { workbookRows, type RawRow } from './inventory.read.xlsx'

/**
 * The worker thread that reads an uploaded workbook (started by inventory.read.thread.ts): the rows of
 * its first worksheet, BATCH_ROWS to a message, never more than AHEAD messages ahead of the reader.
 */
const port = parentPort!
const input = workerData as WorkerInput
let credits = AHEAD
let stopped = false
let wake: (() => void) | undefined
port.on('message', (m: ToWorker) => {
  if (m === 'stop') stopped = true
  else credits++
  wake?.()
})

const send = (m: FromWorker) => port.postMessage(m)

async function run() {
  const rows = workbookRows(input.path, input.dir, input.fileName)
  let batch: RawRow[] = []
  const flush = async () => {
    while (credits === 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve))
    wake = undefined
    if (stopped) return
    credits--
    send({ rows: batch })
    batch = []
  }
  try {
    for await (const row of rows) {
      batch.push(row)
      if (batch.length === BATCH_ROWS) await flush()
      if (stopped) return // leaving the loop closes the workbook (the generator's finally)
    }
    if (batch.length) await flush()
    if (!stopped) send({ done: true })
  } catch (err) {
    if (stopped) return
    const e = err instanceof AppError ? err : new AppError('E_UPLOAD_TYPE', { fileName: input.fileName })
    send({ error: { code: e.code, data: e.data, message: e.message } })
  }
}

await run()
port.close()
