import { Type, type Static } from 'typebox'
import { literals, MAX_PAGE_SIZE, Uuid } from '../common'
import { UPLOAD_PURPOSES } from './account.values'
import { APPROVAL_NOTE_MAX, REGISTRATIONS_PAGE_SIZE } from './approvals.values'

export * from './approvals.values'

/**
 * admin/v1/user/registrations: registrations with one approval status (1 Pending unless told),
 * newest first. Operator staff only.
 */
export const RegistrationsRequest = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: REGISTRATIONS_PAGE_SIZE })),
    status: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)])),
  },
  { additionalProperties: false },
)
export type RegistrationsRequest = Static<typeof RegistrationsRequest>

/** A document uploaded with the registration; its content is GET upload-file/:id. */
export const RegistrationDocument = Type.Object({
  id: Uuid,
  purpose: literals(UPLOAD_PURPOSES),
  name: Type.String(),
  mimeType: Type.String(),
  size: Type.Integer(),
})
export type RegistrationDocument = Static<typeof RegistrationDocument>

/** One registration as operator staff review it. */
export const Registration = Type.Object({
  id: Uuid,
  username: Type.String(),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  firstName: Type.String(),
  middleName: Type.String(),
  lastName: Type.String(),
  /** buyer (register/register) or seller (register/sellers) */
  userType: Type.String(),
  approvalStatus: Type.Integer(),
  /** ISO date-time of the registration. */
  createdAt: Type.String(),
  companyName: Type.String(),
  businessType: Type.Union([Type.String(), Type.Null()]),
  designation: Type.String(),
  contact: Type.Object({
    mobile: Type.String(),
    telephone: Type.String(),
    whatsapp: Type.String(),
    skype: Type.String(),
  }),
  /** The office address given in the form (null if it was removed since). */
  address: Type.Union([
    Type.Object({
      line1: Type.String(),
      line2: Type.String(),
      line3: Type.String(),
      city: Type.String(),
      state: Type.String(),
      country: Type.String(),
      pinCode: Type.String(),
    }),
    Type.Null(),
  ]),
  documentType: Type.Union([Type.String(), Type.Null()]),
  files: Type.Array(RegistrationDocument),
  /** Set once decided: who (username), when, and the note given. */
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  note: Type.String(),
})
export type Registration = Static<typeof Registration>

export const RegistrationPage = Type.Object({ list: Type.Array(Registration), count: Type.Integer() })
export type RegistrationPage = Static<typeof RegistrationPage>

/** admin/v1/user/approval: approve (2) or reject (3) a Pending registration. */
export const ApprovalRequest = Type.Object(
  {
    id: Uuid,
    approvalStatus: Type.Union([Type.Literal(2), Type.Literal(3)]),
    note: Type.Optional(Type.String({ maxLength: APPROVAL_NOTE_MAX })),
  },
  { additionalProperties: false },
)
export type ApprovalRequest = Static<typeof ApprovalRequest>
