import type { ApprovalRequest, Registration, RegistrationPage } from '@diamond/contracts/http/approvals'
import { AppError, type Database, type TokenService, type Tx } from '@diamond/runtime'
import type { Sql } from '@diamond/runtime/db'
import { requestMail } from '../mail/mail.outbox'
import { revokeSessions } from '../session/revoke'
import * as repo from './approvals.repository'
import {
  cleanNote,
  decisionMail,
  decisionRefusal,
  REGISTRATION_PURPOSES,
  reviewerRights,
  revokeReasonFor,
  toRegistration,
} from './approvals.rules'

/**
 * The caller as operator staff with the right to review (or decide) registrations, from the
 * database: a token issued before a change proves nothing.
 */
async function assertReviewer(sql: Sql | Tx, callerId: string, needs: 'review' | 'decide'): Promise<void> {
  if (!reviewerRights(await repo.staffFacts(sql, callerId))[needs]) throw new AppError('E_FORBIDDEN')
}

/** Rows with their office addresses and documents, in the rows' order. */
async function withDetails(sql: Sql | Tx, rows: repo.RegistrationRow[]): Promise<Registration[]> {
  const ids = rows.map((r) => r.id)
  const [addresses, files] = await Promise.all([
    repo.officeAddresses(sql, ids),
    repo.documentsOf(sql, ids, REGISTRATION_PURPOSES),
  ])
  const addressOf = new Map(addresses.map((a) => [a.userId, a]))
  return rows.map((r) =>
    toRegistration(
      r,
      addressOf.get(r.id),
      files.filter((f) => f.ownerId === r.id),
    ),
  )
}

/** admin/v1/user/registrations and admin/v1/user/approval: operator staff review registrations. */
export class ApprovalService {
  constructor(
    private readonly database: Database,
    private readonly tokens: TokenService,
  ) {}

  async page(callerId: string, status: number, page: number, limit: number): Promise<RegistrationPage> {
    const sql = this.database.sql
    await assertReviewer(sql, callerId, 'review')
    const { rows, count } = await repo.registrationPage(sql, status, page, limit)
    return { list: await withDetails(sql, rows), count }
  }

  /**
   * Approves or rejects a Pending registration, records who decided and when, and mails the
   * registrant in the same transaction. A rejection ends the registrant's sessions.
   */
  async decide(callerId: string, req: ApprovalRequest): Promise<Registration> {
    let applyLocally = () => {}
    await this.database.sql.begin(async (tx) => {
      await assertReviewer(tx, callerId, 'decide')
      const target = await repo.lockRegistrant(tx, req.id)
      if (!target) throw new AppError('E_NOT_FOUND')
      const refusal = decisionRefusal(target.approvalStatus)
      if (refusal) throw new AppError(refusal, { approvalStatus: target.approvalStatus })
      const note = cleanNote(req.note)
      await repo.recordDecision(tx, target.id, { status: req.approvalStatus, by: callerId, note })
      const reason = revokeReasonFor(req.approvalStatus)
      if (reason) applyLocally = (await revokeSessions(tx, this.tokens, target.id, reason)).applyLocally
      const row = (await repo.findRegistration(tx, target.id))!
      await requestMail(
        tx,
        decisionMail(
          req.approvalStatus,
          {
            email: row.email,
            firstName: row.firstName,
            lastName: row.lastName,
            username: row.username,
            locale: row.locale,
          },
          note,
        ),
      )
    })
    applyLocally()
    const [saved] = await withDetails(this.database.sql, [(await repo.findRegistration(this.database.sql, req.id))!])
    return saved!
  }
}
