import type { FastifyReply } from 'fastify'
import multipart from '@fastify/multipart'
import { Envelope } from '@diamond/contracts/common'
import {
  INVENTORY_MODES,
  MappingRequest,
  MappingView,
  SellerCompanyPage,
  SellerCompanyPaginate,
  UploadById,
  UploadPage,
  UploadPaginate,
  UploadRemap,
  UploadRowsPage,
  UploadRowsRequest,
  UploadView,
  type InventoryMode,
} from '@diamond/contracts/http/inventory'
import { AppError, defineRoutes, ok, principal } from '@diamond/runtime'
import { invalidWorkbook } from './inventory.excel'
import { tooLarge, type InventoryService } from './inventory.service'
import { invalidField } from '@diamond/runtime/errors'

const tags = ['stock']
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const UPLOAD_ERRORS = [
  'E_FILE_TOO_LARGE',
  'E_UNSUPPORTED_MEDIA_TYPE',
  'E_UPLOAD_TYPE',
  'E_UPLOAD_CSV',
  'E_UPLOAD_XLS',
  'E_UPLOAD_EMPTY',
  'E_UPLOAD_BOMB',
  'E_UPLOAD_ROWS',
] as const
const PREVIEW_ERRORS = ['E_UPLOAD_EXPIRED', 'E_UPLOAD_DONE'] as const

const fieldProblem = invalidField

/** Multipart's own failures, told in the platform's codes. */
function multipartError(err: unknown, maxBytes: number): unknown {
  switch (typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxBytes)
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('E_UNSUPPORTED_MEDIA_TYPE', null, 'The request must be multipart/form-data.')
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return fieldProblem('file', 'send mode, optionally sellerCompanyId, then one file')
    default:
      return err
  }
}

function sendXlsx(reply: FastifyReply, name: string, body: unknown) {
  return reply
    .type(XLSX)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body)
}

/**
 * A seller's uploads (issue 23). Sellers act on their company's stock, operator staff for a seller
 * they name; buyers are refused and another seller's upload is not found (the service decides).
 * Multipart is registered in this plugin only, so other routes keep refusing anything but JSON.
 */
export default defineRoutes(async function inventoryRoutes(
  app,
  { inventory, template }: { inventory: InventoryService; template?: () => Promise<Buffer> },
) {
  const maxBytes = inventory.limits.maxBytes
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 100, fieldNameSize: 50, headerPairs: 20 },
  })

  app.post(
    '/seller/inventory/upload',
    {
      config: { seller: true, errors: [...UPLOAD_ERRORS], member: true },
      schema: {
        tags,
        summary: 'Upload a stock file (multipart: mode, then file): its preview, nothing changed yet',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(UploadView) },
      },
    },
    async (req) => {
      const who = principal(req)
      try {
        const parts = req.parts()
        let mode: InventoryMode | undefined
        let sellerCompanyId: string | undefined
        for (;;) {
          const part = (await parts.next()).value
          if (!part) throw fieldProblem('file', 'is required')
          if (part.type === 'field') {
            const value = String(part.value)
            if (part.fieldname === 'mode') {
              mode = INVENTORY_MODES.find((m) => m === value)
              if (!mode) throw fieldProblem('mode', `must be one of ${INVENTORY_MODES.join(', ')}`)
            } else if (part.fieldname === 'sellerCompanyId') sellerCompanyId = value
            else throw fieldProblem(part.fieldname, 'is not a field of an upload')
            continue
          }
          if (part.fieldname !== 'file') throw fieldProblem(part.fieldname, 'send the file as "file"')
          if (!mode) throw fieldProblem('mode', 'send mode before file')
          const file = part
          const view = await inventory.upload(who, {
            mode,
            sellerCompanyId,
            fileName: file.filename,
            stream: file.file,
            truncated: () => file.file.truncated,
            // Nothing may follow the file: a part after it was dropped unseen.
            afterFile: async () => {
              const extra = (await parts.next()).value
              if (extra) throw fieldProblem(extra.fieldname, 'send mode, optionally sellerCompanyId, then one file')
            },
          })
          return ok(view, 'Upload previewed')
        }
      } catch (err) {
        throw multipartError(err, maxBytes)
      }
    },
  )

  app.post(
    '/seller/inventory/remap',
    {
      config: { seller: true, errors: [...PREVIEW_ERRORS], member: true },
      schema: {
        tags,
        summary: 'Preview a stored upload again with another column mapping',
        body: UploadRemap,
        response: { 200: Envelope(UploadView) },
      },
    },
    async (req) => ok(await inventory.remap(principal(req), req.body.id, req.body.mapping)),
  )

  app.post(
    '/seller/inventory/commit',
    {
      config: { seller: true, errors: [...PREVIEW_ERRORS, 'E_UPLOAD_BUSY'], member: true },
      schema: {
        tags,
        summary: 'Apply a previewed upload, all or nothing',
        body: UploadById,
        response: { 200: Envelope(UploadView) },
      },
    },
    async (req) => ok(await inventory.commit(principal(req), req.body.id), 'Upload committed'),
  )

  app.post(
    '/seller/inventory/rows',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: "A page of one of an upload's lists: added, updated, deleted, unchanged, invalid, kept",
        body: UploadRowsRequest,
        response: { 200: Envelope(UploadRowsPage) },
      },
    },
    async (req) => ok(await inventory.rows(principal(req), req.body)),
  )

  app.post(
    '/seller/inventory/invalid-excel',
    {
      config: { seller: true, produces: [XLSX], member: true },
      schema: { tags, summary: "An upload's invalid rows with their reasons, as Excel", body: UploadById },
    },
    async (req, reply) => {
      const { upload, rows } = await inventory.invalidRows(principal(req), req.body.id)
      return sendXlsx(reply, `invalid-rows-${upload.id.slice(0, 8)}.xlsx`, invalidWorkbook(rows))
    },
  )

  app.post(
    '/seller/inventory/mapping',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: "The seller's saved column mapping; with `mapping`, saves it",
        body: MappingRequest,
        response: { 200: Envelope(MappingView) },
      },
    },
    async (req) => ok(await inventory.mapping(principal(req), req.body)),
  )

  app.post(
    '/seller/inventory/paginate',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: "Upload history with each report (staff: every seller's, or the one named)",
        body: UploadPaginate,
        response: { 200: Envelope(UploadPage) },
      },
    },
    async (req) => ok(await inventory.history(principal(req), req.body)),
  )

  app.post(
    '/seller/companies',
    {
      config: { seller: true, errors: ['E_FORBIDDEN'], member: true },
      schema: {
        tags,
        summary: 'Staff only: the seller companies stock knows, with their live stones, to act for one',
        body: SellerCompanyPaginate,
        response: { 200: Envelope(SellerCompanyPage) },
      },
    },
    async (req) => ok(await inventory.companies(principal(req), req.body)),
  )

  app.get(
    '/seller/inventory/template',
    {
      config: { seller: true, produces: [XLSX], member: true },
      schema: { tags, summary: 'The upload template: the columns and their allowed values, as Excel' },
    },
    async (req, reply) => {
      await inventory.sellerFor(principal(req), undefined).catch((err: unknown) => {
        // Staff may read the template without naming a seller.
        if (!(err instanceof AppError && err.code === 'E_VALIDATION')) throw err
      })
      if (!template) throw new AppError('E_UNAVAILABLE')
      return sendXlsx(reply, 'stock-upload-template.xlsx', await template())
    },
  )
})
