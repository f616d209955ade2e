import { Type, type Static } from 'typebox'
import { Uuid } from '../common'
import { DOWNLOAD_COLUMNS, MAX_DOWNLOAD_STONES, MAX_ZIP_STONES } from './downloads.values'

export * from './downloads.values'

/**
 * Downloads of stones (spec section 7: diamond/excel, diamond/pdf, diamond/download-zip, GET
 * download-full-stock). The answer is the file itself (with Content-Type, Content-Disposition and,
 * when known, Content-Length); a refusal is the usual JSON envelope and no file.
 */

const Ids = (max: number) => Type.Array(Uuid, { minItems: 1, maxItems: max })
const Columns = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
  minItems: 1,
  maxItems: DOWNLOAD_COLUMNS.length,
})

/**
 * diamond/excel and diamond/pdf: the selected stones, in the order given, with the caller's visible
 * columns in their order (the default grid columns when left out).
 */
export const DownloadRequest = Type.Object(
  { ids: Ids(MAX_DOWNLOAD_STONES), columns: Type.Optional(Columns) },
  { additionalProperties: false },
)
export type DownloadRequest = Static<typeof DownloadRequest>

/** diamond/download-zip: per stone its drawn image and plotting, and its certificate document. */
export const ZipRequest = Type.Object({ ids: Ids(MAX_ZIP_STONES) }, { additionalProperties: false })
export type ZipRequest = Static<typeof ZipRequest>
