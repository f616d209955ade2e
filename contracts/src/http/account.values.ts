/**
 * The plain values of the account contracts, without TypeBox, so the web app can import them
 * without shipping the schema library. account.ts re-exports them beside the schemas.
 */
/** Approval (spec section 4): 1 Pending, 2 Approved, 3 Rejected, 4 Expired. */
export const ApprovalStatus = { pending: 1, approved: 2, rejected: 3, expired: 4 } as const

/** Master lists of the registration form. The web app shows each value translated. */
export const DOCUMENT_TYPES = [
  'passport',
  'nationalId',
  'drivingLicence',
  'companyRegistration',
  'taxCertificate',
] as const
export const BUSINESS_TYPES = ['retailer', 'wholesaler', 'manufacturer', 'jeweller', 'broker', 'other'] as const
export const HEARD_FROM = ['tradeShow', 'searchEngine', 'socialMedia', 'referral', 'salesPerson', 'other'] as const
export const ADDRESS_TYPES = ['billing', 'shipping', 'office'] as const
/** User types a company admin may create. */
export const MANAGED_USER_TYPES = ['buyer', 'seller', 'sales', 'admin'] as const

/** Files: jpg, jpeg, png and pdf only, checked by content as well as by name. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const
export const UPLOAD_PURPOSES = ['photoId', 'businessProof', 'kyc', 'logo', 'cover'] as const
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number]

/** Stock notification settings (spec sections 2 and 5): 1 Daily, 2 Weekly, 3 Monthly; 1 New, 0 Full. */
export const STOCK_INTERVALS = [1, 2, 3] as const
export const STOCK_TYPES = [1, 0] as const
