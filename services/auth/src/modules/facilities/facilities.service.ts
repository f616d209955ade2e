import type { Facility, FacilityPage, FacilitySave } from '@diamond/contracts/http/facilities'
import { AppError, type Database, type Principal, type Sql, type Tx } from '@diamond/runtime'
import { isCompanyAdmin } from '../profile/account.rules'
import * as accounts from '../profile/accounts.repository'
import { invalidFields } from '@diamond/runtime/errors'
import * as repo from './facilities.repository'
import { facilityFields, limitProblem } from './facilities.rules'
import { toFacility } from './facilities.views'

/** The caller as the database knows them now (a token's type may be older than a change of rights). */
async function companyOf(db: Sql | Tx, who: Principal): Promise<{ companyId: string; admin: boolean }> {
  const me = await accounts.findAccount(db, who.id)
  if (!me) throw new AppError('E_UNAUTHORIZED')
  if (!me.companyId) throw new AppError('E_FORBIDDEN')
  return { companyId: me.companyId, admin: isCompanyAdmin(me) }
}

/**
 * My account → Manufacturing: the caller's company's facilities. Its members read them; only the
 * company admin adds, changes or deletes; another company's facility is not found. A refused change
 * changes nothing (each change is one transaction under the company's row lock).
 */
export class FacilityService {
  constructor(private readonly database: Database) {}

  async paginate(who: Principal, page: number, limit: number): Promise<FacilityPage> {
    const { companyId } = await companyOf(this.database.sql, who)
    const { rows, count } = await repo.facilityPage(this.database.sql, companyId, page, limit)
    return { list: rows.map(toFacility), count }
  }

  save(who: Principal, body: FacilitySave): Promise<Facility> {
    return this.database.sql.begin(async (tx) => {
      const { companyId, admin } = await companyOf(tx, who)
      if (!admin) throw new AppError('E_FORBIDDEN')
      const cleaned = facilityFields(body)
      if ('problems' in cleaned) throw invalidFields(cleaned.problems)
      await repo.lockCompany(tx, companyId)
      if (body.id) {
        const row = await repo.updateFacility(tx, companyId, body.id, cleaned.fields)
        if (!row) throw new AppError('E_NOT_FOUND')
        return toFacility(row)
      }
      const full = limitProblem(await repo.countFacilities(tx, companyId))
      if (full) throw invalidFields([full])
      return toFacility(await repo.insertFacility(tx, companyId, cleaned.fields))
    })
  }

  delete(who: Principal, id: string): Promise<{ id: string }> {
    return this.database.sql.begin(async (tx) => {
      const { companyId, admin } = await companyOf(tx, who)
      if (!admin) throw new AppError('E_FORBIDDEN')
      await repo.lockCompany(tx, companyId)
      if (!(await repo.deleteFacility(tx, companyId, id))) throw new AppError('E_NOT_FOUND')
      return { id }
    })
  }
}
