import { readSheet } from './inventory.read'
import { matchHeaders } from './inventory.mapping'
import { RowChecker } from './inventory.rules'
import { templateWorkbook } from './inventory.template'
import type { UploadPipeline } from './inventory.service'

/** The reading, mapping and listing rules of an upload: the service streams every file through these. */
export function defaultPipeline(): UploadPipeline {
  return { readSheet, matchHeaders, checker: (headers, mapping, policy) => new RowChecker(headers, mapping, policy) }
}

/** The upload template workbook (the instructions screen's download). */
export const defaultTemplate: () => Promise<Buffer> = templateWorkbook
