import { Envelope } from '@diamond/contracts/common'
import { FtpRequest, FtpRunResult, FtpSave, FtpSourceView } from '@diamond/contracts/http/ftp'
import { Type } from 'typebox'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { FtpService } from './ftp.service'

const tags = ['stock']

/**
 * A seller's FTP source (issue 23): sellers their company's, operator staff a seller they name;
 * buyers are refused and another seller's source is not found (the service decides).
 */
export default defineRoutes(function ftpRoutes(app, { ftp }: { ftp: FtpService }) {
  app.post(
    '/seller/ftp/view',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: "The seller's FTP source without its password, and how its last run went (null: none saved)",
        body: FtpRequest,
        response: { 200: Envelope(Type.Union([FtpSourceView, Type.Null()])) },
      },
    },
    async (req) => ok(await ftp.get(principal(req), req.body.sellerCompanyId)),
  )

  app.post(
    '/seller/ftp/save',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary:
          "Save the seller's FTP source: host, port, user, password (empty keeps it), folder, pattern, schedule, mode",
        body: FtpSave,
        response: { 200: Envelope(FtpSourceView) },
      },
    },
    async (req) => ok(await ftp.save(principal(req), req.body), 'FTP source saved'),
  )

  app.post(
    '/seller/ftp/run',
    {
      config: { seller: true, errors: ['E_FTP_CONNECT', 'E_UPLOAD_BUSY'], member: true },
      schema: {
        tags,
        summary: "Fetch the source's new files now: each is uploaded and committed in the chosen mode",
        body: FtpRequest,
        response: { 200: Envelope(FtpRunResult) },
      },
    },
    async (req) => ok(await ftp.run(principal(req), req.body.sellerCompanyId), 'FTP files fetched'),
  )
})
