import { Type, type Static } from 'typebox'
import { UserPermissions } from '../permissions'

/** Passwords: at least 8 characters with a letter and a digit (the spec gives no bounds; ours, in README). */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*[0-9]).{8,128}$'
export const Password = Type.String({ minLength: 8, maxLength: 128, pattern: PASSWORD_PATTERN })
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 })

/** One-time codes sent to an untrusted device: six digits. */
export const OTP_LENGTH = 6
/** Spec section 9: resend is disabled for 30 seconds after each send. */
export const OTP_RESEND_SECONDS = 30

export const LoginRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    captcha: Type.Optional(Type.String({ maxLength: 10 })),
    masters: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 })),
  },
  { additionalProperties: false, examples: [{ username: 'buyer1', password: 'Diamond@2026' }] },
)
export type LoginRequest = Static<typeof LoginRequest>

export const SessionUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  companyName: Type.String(),
  /** buyer, seller, sales, admin or guest */
  userType: Type.String(),
  email: Type.String(),
  /** Stock notification settings (spec "Stored user"): interval 1/2/3, stock type 1/0, on/off. */
  stkNotiDt: Type.Union([Type.Integer(), Type.Null()]),
  stkNoti: Type.Union([Type.Integer(), Type.Null()]),
  isStkNoti: Type.Boolean(),
  account: Type.Object({ companyName: Type.String() }),
  setting: Type.Object({ Is_PlaceOrder: Type.Boolean(), Is_NoPrice: Type.Boolean() }),
  accountTerm: Type.Union([Type.String(), Type.Null()]),
  /** Staff of the operator company: they approve or reject registrations (/account/registrations). */
  isOperator: Type.Boolean(),
})
export type SessionUser = Static<typeof SessionUser>

export const LoginData = Type.Object({
  user: SessionUser,
  userPermissions: UserPermissions,
  masters: Type.Record(Type.String(), Type.Array(Type.String())),
  columns: Type.Array(Type.String()),
  keywords: Type.Array(Type.String()),
  token: Type.Object({ jwt: Type.String() }),
  /**
   * false: the browser is not trusted by this user yet. The token then opens only the OTP calls
   * (verifyfingerprint, resend-fp-otp, auth/logout) and a code has been mailed.
   */
  isTrusted: Type.Boolean(),
  /** Present when isTrusted is false: where the code went (masked) and when resend opens. */
  otp: Type.Optional(Type.Object({ sentTo: Type.String(), resendInSeconds: Type.Integer() })),
})
export type LoginData = Static<typeof LoginData>

/** guest/auth/login: a guest sees stock and changes nothing. */
export const GuestLoginRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    companyName: Type.String({ minLength: 1, maxLength: 200 }),
    contactNumber: Type.String({ minLength: 5, maxLength: 30, pattern: '^[+0-9 ()-]+$' }),
    email: Email,
  },
  { additionalProperties: false },
)
export type GuestLoginRequest = Static<typeof GuestLoginRequest>

/** verifyfingerprint: the code from the mail, and whether to trust this browser from now on. */
export const VerifyFingerprintRequest = Type.Object(
  {
    otp: Type.String({ pattern: `^[0-9]{${OTP_LENGTH}}$` }),
    trust: Type.Union([Type.Literal('always'), Type.Literal('once')]),
  },
  { additionalProperties: false },
)
export type VerifyFingerprintRequest = Static<typeof VerifyFingerprintRequest>

/** resend-fp-otp answers when the next resend opens. */
export const ResendOtpData = Type.Object({ sentTo: Type.String(), resendInSeconds: Type.Integer() })
export type ResendOtpData = Static<typeof ResendOtpData>

export const ForgotPasswordRequest = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
)
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequest>

export const ResetPasswordRequest = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 200 }),
    password: Password,
    confirmPassword: Type.String({ maxLength: 128 }),
  },
  { additionalProperties: false },
)
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>

/** auth/reset-password-by-user: change password while signed in. Answers a fresh token for this session. */
export const ChangePasswordRequest = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
    newPassword: Password,
    confirmPassword: Type.String({ maxLength: 128 }),
  },
  { additionalProperties: false },
)
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>
export const TokenData = Type.Object({ token: Type.Object({ jwt: Type.String() }) })
export type TokenData = Static<typeof TokenData>

export const VerifyEmailRequest = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 200 }) },
  { additionalProperties: false },
)
export type VerifyEmailRequest = Static<typeof VerifyEmailRequest>

/** admin/v1/user/resendVerificationEmail: body username (or email). Same answer whether or not it exists. */
export const ResendVerificationRequest = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
)
export type ResendVerificationRequest = Static<typeof ResendVerificationRequest>

export const Empty = Type.Object({}, { additionalProperties: false })
