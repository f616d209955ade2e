import { Type, type Static } from 'typebox'
import { CalendarDay, literals, Uuid } from '../common'
import { UserPermissions } from '../permissions'
import { Email, Password } from './auth'
import { SocialLink } from './members'
import {
  ADDRESS_TYPES,
  BUSINESS_TYPES,
  DOCUMENT_TYPES,
  HEARD_FROM,
  MANAGED_USER_TYPES,
  UPLOAD_PURPOSES,
} from './account.values'

export * from './account.values'

const Text = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max })
const Optional = (max: number) => Type.Optional(Type.String({ maxLength: max }))
const Phone = Type.String({ minLength: 5, maxLength: 30, pattern: '^[+0-9 ()-]+$' })

/** upload-file (multipart: `purpose` field, then `file`). Registration files may be sent signed out. */
export const UploadedFile = Type.Object({
  id: Uuid,
  name: Type.String(),
  mimeType: Type.String(),
  size: Type.Integer(),
  purpose: literals(UPLOAD_PURPOSES),
  /** Set for images: width and height in pixels. */
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
})
export type UploadedFile = Static<typeof UploadedFile>

/**
 * `account/documents` (my account: terms and documents): the documents I registered with (photo
 * identity, business proof, KYC form), newest first, each readable at upload-file/{id}, and when I
 * accepted the terms of use (at registration; null for an account a company admin created, whose
 * holder accepted nothing through us).
 */
export const MyDocuments = Type.Object({
  termsAcceptedAt: Type.Union([Type.String(), Type.Null()]),
  documents: Type.Array(Type.Object({ ...UploadedFile.properties, uploadedAt: Type.String() })),
})
export type MyDocuments = Static<typeof MyDocuments>

/**
 * register/register (buyer) and register/sellers (seller): the multi-step form sent at the end.
 * Required exactly as the spec marks them (section 5), plus the login itself.
 */
export const RegisterRequest = Type.Object(
  {
    // personal
    firstName: Text(80),
    middleName: Text(80),
    lastName: Text(80),
    username: Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9._-]+$' }),
    password: Password,
    confirmPassword: Type.String({ maxLength: 128 }),
    email: Email,
    mobile: Phone,
    telephone: Type.Optional(Type.String({ maxLength: 30 })),
    whatsapp: Type.Optional(Type.String({ maxLength: 30 })),
    skype: Optional(80),
    birthDate: Type.Optional(CalendarDay),
    anniversaryDate: Type.Optional(CalendarDay),
    // business
    companyName: Text(200),
    designation: Optional(100),
    businessType: Type.Optional(literals(BUSINESS_TYPES)),
    addressLine1: Text(200),
    addressLine2: Text(200),
    addressLine3: Optional(200),
    country: Text(100),
    state: Text(100),
    city: Text(100),
    pinCode: Type.String({ minLength: 3, maxLength: 12, pattern: '^[A-Za-z0-9 -]+$' }),
    heardFrom: Type.Optional(literals(HEARD_FROM)),
    newsletter: Type.Optional(Type.Boolean()),
    // documents
    documentType: literals(DOCUMENT_TYPES),
    photoIdFileId: Uuid,
    businessProofFileId: Type.Optional(Uuid),
    // KYC form and undertaking
    kycFileId: Type.Optional(Uuid),
    undertaking: Type.Literal(true),
    // terms
    termsAccepted: Type.Literal(true),
  },
  { additionalProperties: false },
)
export type RegisterRequest = Static<typeof RegisterRequest>
export const RegisterData = Type.Object({ id: Uuid, approvalStatus: Type.Integer(), email: Type.String() })
export type RegisterData = Static<typeof RegisterData>

export const Address = Type.Object({
  id: Uuid,
  type: literals(ADDRESS_TYPES),
  street: Type.String(),
  line1: Type.String(),
  line2: Type.String(),
  line3: Type.String(),
  city: Type.String(),
  state: Type.String(),
  country: Type.String(),
  pinCode: Type.String(),
  isDefault: Type.Boolean(),
})
export type Address = Static<typeof Address>
export const AddressUpsert = Type.Object(
  {
    id: Type.Optional(Uuid),
    type: literals(ADDRESS_TYPES),
    street: Optional(200),
    line1: Text(200),
    line2: Optional(200),
    line3: Optional(200),
    city: Text(100),
    state: Text(100),
    country: Text(100),
    pinCode: Type.String({ minLength: 3, maxLength: 12, pattern: '^[A-Za-z0-9 -]+$' }),
    isDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AddressUpsert = Static<typeof AddressUpsert>
/** address/paginate: the caller's addresses, the default first, then the newest. */
export const AddressPage = Type.Object({ list: Type.Array(Address), count: Type.Integer() })
export type AddressPage = Static<typeof AddressPage>
export const IdRequest = Type.Object({ id: Uuid }, { additionalProperties: false })
export type IdRequest = Static<typeof IdRequest>

export const CompanyProfile = Type.Object({
  id: Uuid,
  name: Type.String(),
  code: Type.String(),
  type: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  foundedYear: Type.Union([Type.Integer(), Type.Null()]),
  size: Type.Union([Type.String(), Type.Null()]),
  website: Type.String(),
  isPublic: Type.Boolean(),
  logoFileId: Type.Union([Uuid, Type.Null()]),
  coverFileId: Type.Union([Uuid, Type.Null()]),
  headquarters: Type.String(),
  // Issue 25: the rest of the spec's company profile, and where the directory finds it.
  country: Type.String(),
  city: Type.String(),
  dealsIn: Type.String(),
  socialLinks: Type.Array(SocialLink),
  manufacturing: Type.String(),
  locations: Type.Array(Type.String()),
  showContacts: Type.Boolean(),
})
export type CompanyProfile = Static<typeof CompanyProfile>

/** user/profile: everything the account pages show about the caller. */
export const Profile = Type.Object({
  id: Uuid,
  username: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  middleName: Type.String(),
  lastName: Type.String(),
  mobile: Type.String(),
  telephone: Type.String(),
  whatsapp: Type.String(),
  skype: Type.String(),
  birthDate: Type.Union([Type.String(), Type.Null()]),
  anniversaryDate: Type.Union([Type.String(), Type.Null()]),
  designation: Type.String(),
  userType: Type.String(),
  approvalStatus: Type.Integer(),
  active: Type.Boolean(),
  stkNotiDt: Type.Union([Type.Integer(), Type.Null()]),
  stkNoti: Type.Union([Type.Integer(), Type.Null()]),
  isStkNoti: Type.Boolean(),
  setting: Type.Object({ Is_PlaceOrder: Type.Boolean(), Is_NoPrice: Type.Boolean() }),
  userPermissions: UserPermissions,
  company: CompanyProfile,
  addresses: Type.Array(Address),
})
export type Profile = Static<typeof Profile>

/** account/update: the caller's personal information and, for a company admin, the company profile. */
export const AccountUpdate = Type.Object(
  {
    firstName: Type.Optional(Text(80)),
    middleName: Type.Optional(Text(80)),
    lastName: Type.Optional(Text(80)),
    mobile: Type.Optional(Phone),
    telephone: Optional(30),
    whatsapp: Optional(30),
    skype: Optional(80),
    birthDate: Type.Optional(Type.Union([CalendarDay, Type.Null()])),
    anniversaryDate: Type.Optional(Type.Union([CalendarDay, Type.Null()])),
    designation: Optional(100),
    company: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Text(200)),
          description: Optional(2000),
          foundedYear: Type.Optional(Type.Union([Type.Integer({ minimum: 1800, maximum: 2100 }), Type.Null()])),
          size: Optional(50),
          website: Optional(200),
          isPublic: Type.Optional(Type.Boolean()),
          logoFileId: Type.Optional(Type.Union([Uuid, Type.Null()])),
          coverFileId: Type.Optional(Type.Union([Uuid, Type.Null()])),
          headquarters: Optional(200),
          type: Type.Optional(Type.Union([literals(BUSINESS_TYPES), Type.Null()])),
          country: Optional(80),
          city: Optional(80),
          dealsIn: Optional(300),
          socialLinks: Type.Optional(Type.Array(SocialLink, { maxItems: 7 })),
          manufacturing: Optional(1000),
          locations: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { maxItems: 20 })),
          showContacts: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type AccountUpdate = Static<typeof AccountUpdate>

/**
 * PUT user/update: the caller's own stock notification settings (id is the caller), or a company
 * admin updating one of the company's users. The response's data is an array with the updated user.
 */
export const UserUpdate = Type.Object(
  {
    id: Uuid,
    stkNotiDt: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
    stkNoti: Type.Optional(Type.Array(Type.Union([Type.Literal(1), Type.Literal(0)]), { minItems: 1, maxItems: 1 })),
    isStkNoti: Type.Optional(Type.Boolean()),
    // company admin only
    firstName: Type.Optional(Text(80)),
    lastName: Type.Optional(Text(80)),
    mobile: Type.Optional(Phone),
    userType: Type.Optional(literals(MANAGED_USER_TYPES)),
    active: Type.Optional(Type.Boolean()),
    permissions: Type.Optional(UserPermissions),
    setting: Type.Optional(
      Type.Object(
        { Is_PlaceOrder: Type.Optional(Type.Boolean()), Is_NoPrice: Type.Optional(Type.Boolean()) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type UserUpdate = Static<typeof UserUpdate>

/** A user as a company admin sees it in user management. */
export const ManagedUser = Type.Object({
  id: Uuid,
  username: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  mobile: Type.String(),
  userType: Type.String(),
  approvalStatus: Type.Integer(),
  active: Type.Boolean(),
  emailVerified: Type.Boolean(),
  stkNotiDt: Type.Union([Type.Integer(), Type.Null()]),
  stkNoti: Type.Union([Type.Integer(), Type.Null()]),
  isStkNoti: Type.Boolean(),
  setting: Type.Object({ Is_PlaceOrder: Type.Boolean(), Is_NoPrice: Type.Boolean() }),
  userPermissions: UserPermissions,
})
export type ManagedUser = Static<typeof ManagedUser>

/** user/create: a company admin adds a user to the company, granting only rights the admin holds. */
export const UserCreate = Type.Object(
  {
    username: Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9._-]+$' }),
    email: Email,
    password: Password,
    firstName: Text(80),
    lastName: Text(80),
    mobile: Phone,
    userType: literals(MANAGED_USER_TYPES),
    permissions: Type.Optional(UserPermissions),
    setting: Type.Optional(
      Type.Object(
        { Is_PlaceOrder: Type.Optional(Type.Boolean()), Is_NoPrice: Type.Optional(Type.Boolean()) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type UserCreate = Static<typeof UserCreate>

export const UserPage = Type.Object({ list: Type.Array(ManagedUser), count: Type.Integer() })
export type UserPage = Static<typeof UserPage>
