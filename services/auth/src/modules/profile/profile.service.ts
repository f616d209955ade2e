import type { AccountUpdate, Address, AddressUpsert, ManagedUser, Profile } from '@diamond/contracts/http/account'
import { cleanCompanyName } from '@diamond/contracts/companies'
import { AppError, type Database, type Sql, type Tx } from '@diamond/runtime'
import { isOwnUpload } from '../files/files.repository'
import { relationTo } from '../management/management.rules'
import { findCompanyVisibility } from '../members/members.repository'
import { announceVisibility } from '../members/members.service'
import { invalidFields } from '@diamond/runtime/errors'
import type { FieldProblem } from '../registration/registration.rules'
import { accountUpdateRefusal, companyImages, companyPatch, isCompanyAdmin, personalPatch } from './account.rules'
import * as accounts from './accounts.repository'
import * as book from './addresses.repository'
import { MAX_ADDRESSES, planDefault } from './address.rules'
import { announceProfile } from './profile.announce'
import { toAddress, toManagedUser, toProfile } from './profile.views'

/** The caller's own record; a token whose user is gone is a dead session. */
async function me(db: Sql | Tx, id: string): Promise<accounts.AccountRow> {
  const u = await accounts.findAccount(db, id)
  if (!u) throw new AppError('E_UNAUTHORIZED')
  return u
}

async function profileOf(db: Sql | Tx, u: accounts.AccountRow): Promise<Profile> {
  const [company, addresses] = await Promise.all([
    u.companyId ? accounts.findCompany(db, u.companyId) : null,
    book.addressesOf(db, u.id),
  ])
  // Every member belongs to a company (registration and user/create make one; migration 0004 gave older users one).
  if (!company) throw new AppError('E_NOT_FOUND')
  return toProfile(u, company, addresses)
}

/** The caller's profile, their company, and their address book. */
export class ProfileService {
  constructor(private readonly database: Database) {}

  async profile(userId: string): Promise<Profile> {
    return profileOf(this.database.sql, await me(this.database.sql, userId))
  }

  /** A user of the caller's company: the company admin sees any, everyone else only themselves. */
  async view(callerId: string, id: string): Promise<ManagedUser> {
    const caller = await me(this.database.sql, callerId)
    const target = id === caller.id ? caller : await accounts.findAccount(this.database.sql, id)
    if (!target || !relationTo({ ...caller, isCompanyAdmin: isCompanyAdmin(caller) }, target))
      throw new AppError('E_NOT_FOUND')
    return toManagedUser(target)
  }

  async updateAccount(userId: string, body: AccountUpdate): Promise<Profile> {
    return this.database.sql.begin(async (tx) => {
      const u = await accounts.lockAccount(tx, userId)
      if (!u) throw new AppError('E_UNAUTHORIZED')
      const refusal = accountUpdateRefusal(body, isCompanyAdmin(u))
      if (refusal) throw new AppError(refusal)
      const wrong: FieldProblem[] = []
      for (const img of companyImages(body.company)) {
        if (!(await isOwnUpload(tx, u.id, img.id, img.purpose)))
          wrong.push({ field: img.field, in: 'body', message: `must be your own ${img.purpose} upload` })
      }
      if (body.company?.name !== undefined) {
        if (!cleanCompanyName(body.company.name))
          wrong.push({ field: 'company.name', in: 'body', message: 'must not be blank' })
        else if (await accounts.companyNameTaken(tx, body.company.name, u.companyId!))
          wrong.push({ field: 'company.name', in: 'body', message: 'is the name of another company' })
      }
      if (wrong.length) throw invalidFields(wrong)
      await accounts.updateAccount(tx, u.id, personalPatch(body))
      // Hiding the company pauses its followers' news, showing it again resumes it (see announceVisibility).
      const shown = body.company?.isPublic
      const wasShown = shown === undefined ? undefined : (await findCompanyVisibility(tx, u.companyId!))?.isPublic
      if (body.company) await accounts.updateCompany(tx, u.companyId!, companyPatch(body.company))
      if (shown !== undefined && wasShown !== undefined && wasShown !== shown)
        await announceVisibility(tx, u.companyId!, shown)
      await announceProfile(tx, u.id)
      return profileOf(tx, await me(tx, u.id))
    })
  }

  async addresses(userId: string, page: number, limit: number): Promise<{ list: Address[]; count: number }> {
    const { rows, count } = await book.addressPage(this.database.sql, userId, page, limit)
    return { list: rows.map(toAddress), count }
  }

  /**
   * Adds or replaces (as a whole) one of the caller's addresses; the default flag moves by the
   * address rules. The user's row is locked, so two saves at once cannot leave two defaults or none.
   */
  async upsertAddress(userId: string, body: AddressUpsert): Promise<Address> {
    return this.database.sql.begin(async (tx) => {
      if (!(await accounts.lockAccount(tx, userId))) throw new AppError('E_UNAUTHORIZED')
      const current = body.id ? await book.ownAddress(tx, userId, body.id) : null
      if (body.id && !current) throw new AppError('E_NOT_FOUND')
      const total = await book.countAddresses(tx, userId)
      if (!current && total >= MAX_ADDRESSES)
        throw invalidFields([{ field: 'id', in: 'body', message: `at most ${MAX_ADDRESSES} addresses` }])
      const plan = planDefault(total - (current ? 1 : 0), current?.isDefault ?? null, body.isDefault)
      const fields: book.AddressFields = {
        type: body.type,
        street: body.street ?? '',
        line1: body.line1,
        line2: body.line2 ?? '',
        line3: body.line3 ?? '',
        city: body.city,
        state: body.state,
        country: body.country,
        pinCode: body.pinCode,
      }
      if (plan.clearOthers) await book.clearDefault(tx, userId)
      const saved = current
        ? await book.updateAddress(tx, current.id, fields, plan.isDefault)
        : await book.insertAddress(tx, userId, fields, plan.isDefault)
      if (plan.promoteOther) await book.promoteNewest(tx, userId, saved.id)
      await announceProfile(tx, userId)
      return toAddress(saved)
    })
  }

  /** Deletes one of the caller's addresses; if it was the default, the newest remaining one becomes it. */
  async deleteAddress(userId: string, id: string): Promise<void> {
    await this.database.sql.begin(async (tx) => {
      if (!(await accounts.lockAccount(tx, userId))) throw new AppError('E_UNAUTHORIZED')
      const gone = await book.deleteAddress(tx, userId, id)
      if (!gone) throw new AppError('E_NOT_FOUND')
      if (gone.wasDefault) await book.promoteNewest(tx, userId, null)
      await announceProfile(tx, userId)
    })
  }
}
