import type { Address, CompanyProfile, ManagedUser, Profile } from '@diamond/contracts/http/account'
import type { UserPermissions } from '@diamond/contracts/permissions'
import { effectivePermissions, type UserType } from '../users/permissions.rules'
import type { AccountRow, CompanyRow } from './accounts.repository'
import type { AddressRow } from './addresses.repository'

/** Rights as they work: the stored ones (or the type's), with the two setting rules applied. */
export const rightsOf = (u: AccountRow): UserPermissions =>
  effectivePermissions(
    u.user_type as UserType,
    { isPlaceOrder: u.is_place_order, isNoPrice: u.is_no_price },
    u.permissions,
  )

export const toAddress = (a: AddressRow): Address => ({
  id: a.id,
  type: a.type as Address['type'],
  street: a.street,
  line1: a.line1,
  line2: a.line2,
  line3: a.line3,
  city: a.city,
  state: a.state,
  country: a.country,
  pinCode: a.pin_code,
  isDefault: a.is_default,
})

export const toCompany = (c: CompanyRow): CompanyProfile => ({
  id: c.id,
  name: c.name,
  code: c.code,
  type: c.type,
  description: c.description,
  foundedYear: c.founded_year,
  size: c.size,
  website: c.website,
  isPublic: c.is_public,
  logoFileId: c.logo_file_id,
  coverFileId: c.cover_file_id,
  headquarters: c.headquarters,
})

const setting = (u: AccountRow) => ({ Is_PlaceOrder: u.is_place_order, Is_NoPrice: u.is_no_price })

export const toProfile = (u: AccountRow, company: CompanyRow, addresses: AddressRow[]): Profile => ({
  id: u.id,
  username: u.username,
  email: u.email,
  firstName: u.first_name,
  middleName: u.middle_name,
  lastName: u.last_name,
  mobile: u.mobile,
  telephone: u.telephone,
  whatsapp: u.whatsapp,
  skype: u.skype,
  birthDate: u.birth_date,
  anniversaryDate: u.anniversary_date,
  designation: u.designation,
  userType: u.user_type,
  approvalStatus: u.approval_status,
  active: u.active,
  stkNotiDt: u.stk_noti_dt,
  stkNoti: u.stk_noti,
  isStkNoti: u.is_stk_noti,
  setting: setting(u),
  userPermissions: rightsOf(u),
  company: toCompany(company),
  addresses: addresses.map(toAddress),
})

export const toManagedUser = (u: AccountRow): ManagedUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
  mobile: u.mobile,
  userType: u.user_type,
  approvalStatus: u.approval_status,
  active: u.active,
  emailVerified: u.email_verified,
  stkNotiDt: u.stk_noti_dt,
  stkNoti: u.stk_noti,
  isStkNoti: u.is_stk_noti,
  setting: setting(u),
  userPermissions: rightsOf(u),
})
