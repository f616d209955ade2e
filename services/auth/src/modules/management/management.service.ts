import {
  ApprovalStatus,
  type ManagedUser,
  type UserCreate,
  type UserPage,
  type UserUpdate,
} from '@diamond/contracts/http/account'
import { AppError, type Database, type TokenService, type Tx } from '@diamond/runtime'
import { issueEmailVerification } from '../credentials/email-verification'
import { requestMail } from '../mail/mail.outbox'
import { isCompanyAdmin } from '../profile/account.rules'
import * as accounts from '../profile/accounts.repository'
import { rightsOf, toManagedUser } from '../profile/profile.views'
import { invalidFields } from '@diamond/runtime/errors'
import { alreadyExists } from '../registration/invalid-fields'
import { revokeSessions } from '../session/revoke'
import { hashPassword } from '../users/passwords'
import {
  isFullAdmin,
  managementRefusal,
  ownUpdateProblems,
  planManagedUpdate,
  planNewUser,
  relationTo,
  settingsPatch,
  unknownModules,
  type ManagementRefusal,
} from './management.rules'

const beyondRights = (rights: string[]) =>
  new AppError('E_FORBIDDEN', { rights }, `You cannot grant rights you do not hold: ${rights.join(', ')}`)

/**
 * A change the admin may not make, as E_FORBIDDEN (not "not found": the admin sees the user in
 * user/paginate, so the user's existence is no secret); `data` says why for the screen.
 */
function refusalError(r: ManagementRefusal): AppError {
  switch (r.kind) {
    case 'beyond':
      return beyondRights(r.rights)
    case 'outranked':
      return new AppError(
        'E_FORBIDDEN',
        { outranked: r.rights },
        'You cannot change a user who holds rights you do not hold.',
      )
    case 'lastFullAdmin':
      return new AppError(
        'E_FORBIDDEN',
        { lastFullAdmin: true },
        "The company's last full admin must keep every right and stay active.",
      )
  }
}

/** The caller as the company admin, re-read from the database: the token's claims may be stale. */
async function companyAdmin(tx: Tx, callerId: string): Promise<accounts.AccountRow & { companyId: string }> {
  const caller = await accounts.findAccount(tx, callerId)
  if (!caller || !isCompanyAdmin(caller)) throw new AppError('E_FORBIDDEN')
  return caller as accounts.AccountRow & { companyId: string }
}

/** user/update, user/create and user/paginate: one's own settings, and a company admin's user management. */
export class ManagementService {
  constructor(
    private readonly database: Database,
    private readonly tokens: TokenService,
  ) {}

  /**
   * The caller's own stock notification settings, or a company admin's change to a user of the
   * company, within the rules of managementRefusal. A change that ends the user's sessions is
   * applied in this process once it commits.
   */
  async update(callerId: string, body: UserUpdate): Promise<{ user: ManagedUser; own: boolean }> {
    let applyLocally = () => {}
    const result = await this.database.sql.begin(async (tx) => {
      let caller = await accounts.findAccount(tx, callerId)
      if (!caller) throw new AppError('E_UNAUTHORIZED')
      if (body.id === caller.id) {
        const { forbidden, missing } = ownUpdateProblems(body)
        if (forbidden.length) {
          throw new AppError('E_FORBIDDEN', {
            fields: forbidden.map((field) => ({
              field,
              in: 'body',
              message: 'only your company admin may change this',
            })),
          })
        }
        if (missing.length) throw invalidFields(missing)
        await accounts.updateAccount(tx, caller.id, settingsPatch(body))
        return { id: caller.id, own: true }
      }
      if (isCompanyAdmin(caller)) {
        // The caller as they are once it is their turn: an admin demoted meanwhile manages nobody.
        await accounts.lockCompanyUsers(tx, caller.companyId!)
        caller = (await accounts.findAccount(tx, callerId))!
      }
      const target = await accounts.lockAccount(tx, body.id)
      if (!target || relationTo({ ...caller, isCompanyAdmin: isCompanyAdmin(caller) }, target) !== 'admin')
        throw new AppError('E_NOT_FOUND')
      const unknown = unknownModules(body.permissions)
      if (unknown.length) throw invalidFields(unknown)
      const plan = planManagedUpdate(target, body)
      const otherFullAdmins = (await accounts.companyAdmins(tx, target.companyId!)).filter(
        (a) => a.id !== target.id && isFullAdmin(a),
      ).length
      const refusal = managementRefusal(rightsOf(caller), target, plan.next, otherFullAdmins)
      if (refusal) throw refusalError(refusal)
      await accounts.updateAccount(tx, target.id, plan.patch)
      if (plan.revoke) applyLocally = (await revokeSessions(tx, this.tokens, target.id, plan.revoke)).applyLocally
      return { id: target.id, own: false }
    })
    applyLocally()
    return { user: toManagedUser((await accounts.findAccount(this.database.sql, result.id))!), own: result.own }
  }

  /**
   * A company admin adds a user to the company: approved and active, but signing in only after
   * verifying the email the invitation goes to. Rights beyond the admin's own are refused.
   */
  async create(callerId: string, body: UserCreate): Promise<ManagedUser> {
    return this.database.sql.begin(async (tx) => {
      const admin = await companyAdmin(tx, callerId)
      const unknown = unknownModules(body.permissions)
      if (unknown.length) throw invalidFields(unknown)
      const { state, beyond } = planNewUser(body, rightsOf(admin))
      if (beyond.length) throw beyondRights(beyond)
      const taken = await accounts.takenLogins(tx, body.username, body.email)
      if (taken.username || taken.email) throw alreadyExists(taken)
      const company = (await accounts.findCompany(tx, admin.companyId))!
      const id = await accounts.insertAccount(tx, {
        username: body.username,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        firstName: body.firstName,
        middleName: '',
        lastName: body.lastName,
        mobile: body.mobile,
        telephone: '',
        whatsapp: '',
        skype: '',
        birthDate: null,
        anniversaryDate: null,
        designation: '',
        businessType: null,
        heardFrom: null,
        newsletter: false,
        documentType: null,
        companyId: company.id,
        companyName: company.name,
        userType: state.userType,
        approvalStatus: ApprovalStatus.approved,
        active: true,
        emailVerified: false,
        isPlaceOrder: state.isPlaceOrder,
        isNoPrice: state.isNoPrice,
        locale: admin.locale,
        permissions: state.permissions,
        createdBy: admin.id,
      })
      if (!id) throw alreadyExists(await accounts.takenLogins(tx, body.username, body.email))
      await issueEmailVerification(tx, { id, email: body.email, firstName: body.firstName, locale: admin.locale })
      await requestMail(tx, {
        to: body.email,
        name: `${body.firstName} ${body.lastName}`,
        template: 'user-invited',
        locale: admin.locale,
        // The admin chose the password and tells it; the link leads to sign-in.
        params: { username: body.username, link: '/signin' },
      })
      return toManagedUser((await accounts.findAccount(tx, id))!)
    })
  }

  async page(callerId: string, page: number, limit: number): Promise<UserPage> {
    const admin = await this.database.sql.begin((tx) => companyAdmin(tx, callerId))
    const { rows, count } = await accounts.companyUsers(this.database.sql, admin.companyId, page, limit)
    return { list: rows.map(toManagedUser), count }
  }
}
