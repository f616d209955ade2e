import type { MyDocuments, UploadedFile, UploadPurpose } from '@diamond/contracts/http/account'
import { AppError, type Database } from '@diamond/runtime'
import { staffFacts } from '../approvals/approvals.repository'
import { REGISTRATION_PURPOSES, reviewerRights } from '../approvals/approvals.rules'
import { purgeHits, takeHit } from '../session/limits.repository'
import * as repo from './files.repository'
import { classifyUpload, cleanFileName, SIGNED_OUT_UPLOADS, UNCLAIMED_HOURS, uploadRefusal } from './upload.rules'

/** Who sends a file: a member owns it at once; a guest or a visitor leaves it for a registration to claim. */
export type Uploader = { kind: 'member'; id: string } | { kind: 'guest' } | { kind: 'anonymous' }

const toUploaded = (f: repo.FileMeta): UploadedFile => ({
  id: f.id,
  name: f.name,
  mimeType: f.mimeType,
  size: f.size,
  purpose: f.purpose as UploadPurpose,
  width: f.width,
  height: f.height,
})

export class FileService {
  constructor(private readonly database: Database) {}

  /**
   * Checked as soon as the purpose is known, before the file is read: company images need a
   * member, and signed-out uploads are counted per address.
   */
  async admit(purpose: UploadPurpose, who: Uploader, address: string): Promise<void> {
    const refusal = uploadRefusal(purpose, who.kind)
    if (refusal) throw new AppError(refusal)
    if (who.kind === 'member') return
    const retryAfter = await takeHit(this.database.sql, SIGNED_OUT_UPLOADS, address)
    if (retryAfter) throw new AppError('E_RATE_LIMITED', { retryAfter })
  }

  async store(
    purpose: UploadPurpose,
    who: Uploader,
    address: string,
    name: string,
    content: Buffer,
  ): Promise<UploadedFile> {
    const cleanName = cleanFileName(name)
    const kind = classifyUpload(cleanName, content)
    if (!kind.ok) throw new AppError('E_FILE_TYPE')
    const saved = await repo.insertFile(this.database.sql, {
      ownerId: who.kind === 'member' ? who.id : null,
      purpose,
      name: cleanName,
      mimeType: kind.mimeType,
      size: content.length,
      width: kind.size?.width ?? null,
      height: kind.size?.height ?? null,
      content,
      uploadedFrom: address,
    })
    return toUploaded(saved)
  }

  /**
   * The user's own file, or their company's logo or cover; for operator staff with the right to
   * review registrations also the registrations' documents. Anything else is not found.
   */
  async read(userId: string, id: string) {
    const sql = this.database.sql
    const f =
      (await repo.readableFile(sql, userId, id)) ??
      (reviewerRights(await staffFacts(sql, userId)).review
        ? await repo.ownedDocument(sql, id, REGISTRATION_PURPOSES)
        : null)
    if (!f) throw new AppError('E_NOT_FOUND')
    return { name: f.name, mimeType: f.mimeType, content: f.content }
  }

  /** My registration documents and when I accepted the terms (a self-registered account did, at registration). */
  async documents(userId: string): Promise<MyDocuments> {
    const { docs, account } = await repo.documentsOf(this.database.sql, userId, REGISTRATION_PURPOSES)
    return {
      termsAcceptedAt: account && !account.createdBy ? account.createdAt.toISOString() : null,
      documents: docs.map((d) => ({ ...toUploaded(d), uploadedAt: d.uploadedAt.toISOString() })),
    }
  }

  /** Unclaimed registration uploads after a day, and address counts past every window. */
  async purge(): Promise<number> {
    const n = await repo.purgeUnclaimed(this.database.sql, UNCLAIMED_HOURS)
    await purgeHits(this.database.sql)
    return n
  }
}
