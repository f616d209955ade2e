import type { Address, CompanyProfile, ManagedUser, Profile } from '@diamond/contracts/http/account'
import type { UserPermissions } from '@diamond/contracts/permissions'
import { effectivePermissions, type UserType } from '../users/permissions.rules'
import type { AccountRow, CompanyRow } from './accounts.repository'
import type { AddressRow } from './addresses.repository'

/** Rights as they work: the stored ones (or the type's), with the two setting rules applied. */
export const rightsOf = (u: AccountRow): UserPermissions =>
  effectivePermissions(u.userType as UserType, { isPlaceOrder: u.isPlaceOrder, isNoPrice: u.isNoPrice }, u.permissions)

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
  pinCode: a.pinCode,
  isDefault: a.isDefault,
})

export const toCompany = (c: CompanyRow): CompanyProfile => ({
  id: c.id,
  name: c.name,
  code: c.code,
  type: c.type,
  description: c.description,
  foundedYear: c.foundedYear,
  size: c.size,
  website: c.website,
  isPublic: c.isPublic,
  logoFileId: c.logoFileId,
  coverFileId: c.coverFileId,
  headquarters: c.headquarters,
  country: c.country,
  city: c.city,
  dealsIn: c.dealsIn,
  socialLinks: c.socialLinks,
  manufacturing: c.manufacturing,
  locations: c.locations,
  showContacts: c.showContacts,
})

const setting = (u: AccountRow) => ({ Is_PlaceOrder: u.isPlaceOrder, Is_NoPrice: u.isNoPrice })

export const toProfile = (u: AccountRow, company: CompanyRow, addresses: AddressRow[]): Profile => ({
  id: u.id,
  username: u.username,
  email: u.email,
  firstName: u.firstName,
  middleName: u.middleName,
  lastName: u.lastName,
  mobile: u.mobile,
  telephone: u.telephone,
  whatsapp: u.whatsapp,
  skype: u.skype,
  birthDate: u.birthDate,
  anniversaryDate: u.anniversaryDate,
  designation: u.designation,
  userType: u.userType,
  approvalStatus: u.approvalStatus,
  active: u.active,
  stkNotiDt: u.stkNotiDt,
  stkNoti: u.stkNoti,
  isStkNoti: u.isStkNoti,
  setting: setting(u),
  userPermissions: rightsOf(u),
  company: toCompany(company),
  addresses: addresses.map(toAddress),
})

export const toManagedUser = (u: AccountRow): ManagedUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  mobile: u.mobile,
  userType: u.userType,
  approvalStatus: u.approvalStatus,
  active: u.active,
  emailVerified: u.emailVerified,
  stkNotiDt: u.stkNotiDt,
  stkNoti: u.stkNoti,
  isStkNoti: u.isStkNoti,
  setting: setting(u),
  userPermissions: rightsOf(u),
})
