import { ApprovalStatus, type RegisterData, type RegisterRequest } from '@diamond/contracts/http/account'
import { AppError, type Database, type Tx } from '@diamond/runtime'
import { issueEmailVerification } from '../credentials/email-verification'
import { claimFiles, lockCandidates } from '../files/files.repository'
import { UNCLAIMED_HOURS } from '../files/upload.rules'
import { requestMail } from '../mail/mail.outbox'
import { companyCodesLike, insertAccount, insertCompany, takenLogins } from '../profile/accounts.repository'
import { insertAddress } from '../profile/addresses.repository'
import { hashPassword } from '../users/passwords'
import { takeHit } from '../session/limits.repository'
import { invalidFields } from '@diamond/runtime/errors'
import { alreadyExists } from './invalid-fields'
import {
  companyCodeBase,
  documentIds,
  nextCompanyCode,
  registrationProblems,
  REGISTRATIONS,
} from './registration.rules'

/** A new company under a code made from its name; another registration may take a code meanwhile. */
async function createCompany(tx: Tx, name: string, type: string | null): Promise<string> {
  const base = companyCodeBase(name)
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = await insertCompany(tx, { name, code: nextCompanyCode(base, await companyCodesLike(tx, base)), type })
    if (id) return id
  }
  throw new Error(`no free company code for ${base}`)
}

export class RegistrationService {
  constructor(private readonly database: Database) {}

  /**
   * A buyer or seller registers: their company, their account (pending approval, email not yet
   * verified), the office address and the documents, all in one transaction with the verification
   * and "received" mails, so a refused form leaves nothing behind.
   */
  async register(
    req: RegisterRequest,
    userType: 'buyer' | 'seller',
    from: { address: string; locale: string },
  ): Promise<RegisterData> {
    const retryAfter = await takeHit(this.database.sql, REGISTRATIONS, from.address)
    if (retryAfter) throw new AppError('E_RATE_LIMITED', { retryAfter })
    // Hashing takes a while: it runs while the form is checked, and is wasted only on a refusal.
    const hashing = hashPassword(req.password)
    hashing.catch(() => {}) // awaited below; a refusal before that must not leave it unhandled
    return this.database.sql.begin(async (tx) => {
      const ids = documentIds(req)
      const problems = registrationProblems(req, await lockCandidates(tx, ids, UNCLAIMED_HOURS))
      if (problems.length) throw invalidFields(problems)
      const taken = await takenLogins(tx, req.username, req.email)
      if (taken.username || taken.email) throw alreadyExists(taken)

      const companyId = await createCompany(tx, req.companyName, req.businessType ?? null)
      const id = await insertAccount(tx, {
        username: req.username,
        email: req.email,
        passwordHash: await hashing,
        firstName: req.firstName,
        middleName: req.middleName,
        lastName: req.lastName,
        mobile: req.mobile,
        telephone: req.telephone ?? '',
        whatsapp: req.whatsapp ?? '',
        skype: req.skype ?? '',
        birthDate: req.birthDate ?? null,
        anniversaryDate: req.anniversaryDate ?? null,
        designation: req.designation ?? '',
        businessType: req.businessType ?? null,
        heardFrom: req.heardFrom ?? null,
        newsletter: req.newsletter ?? false,
        documentType: req.documentType,
        companyId,
        companyName: req.companyName,
        userType,
        approvalStatus: ApprovalStatus.pending,
        active: true,
        emailVerified: false,
        isPlaceOrder: true,
        isNoPrice: false,
        locale: from.locale,
        permissions: null,
        createdBy: null,
      })
      // Lost a race for the username or email to a registration that committed meanwhile.
      if (!id) throw alreadyExists(await takenLogins(tx, req.username, req.email))
      await insertAddress(
        tx,
        id,
        {
          type: 'office',
          street: '',
          line1: req.addressLine1,
          line2: req.addressLine2,
          line3: req.addressLine3 ?? '',
          city: req.city,
          state: req.state,
          country: req.country,
          pinCode: req.pinCode,
        },
        true,
      )
      await claimFiles(tx, ids, id)
      await issueEmailVerification(tx, { id, email: req.email, firstName: req.firstName, locale: from.locale })
      await requestMail(tx, {
        to: req.email,
        name: `${req.firstName} ${req.lastName}`,
        template: 'registration-received',
        locale: from.locale,
        params: { username: req.username },
      })
      return { id, approvalStatus: ApprovalStatus.pending, email: req.email }
    })
  }
}
