import { AppError } from '@diamond/runtime'
import type { UploadPipeline } from './inventory.service'

/**
 * The reading, mapping and listing rules of an upload (inventory.read.ts, inventory.mapping.ts,
 * inventory.rules.ts, built beside this module). Until they are wired, uploads answer E_UNAVAILABLE.
 */
export function defaultPipeline(): UploadPipeline {
  const missing = () => {
    throw new AppError('E_UNAVAILABLE')
  }
  return { readSheet: missing, matchHeaders: missing, checker: missing }
}

/** The upload template workbook, once the template module is wired. */
export const defaultTemplate: (() => Promise<Buffer>) | undefined = undefined
