import type {
  ForgotPasswordRequest,
  GuestLoginRequest,
  LoginData,
  LoginRequest,
  ResendOtpData,
  ResendVerificationRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
  VerifyFingerprintRequest,
} from '@diamond/contracts/http/auth'
import { api } from '../../../lib/api'

// Spec section 7 marks the two logins with * (they show the loading indicator).
export const login = (req: LoginRequest) => api<LoginData>('auth/login', req, { loader: true })
export const guestLogin = (req: GuestLoginRequest) => api<LoginData>('guest/auth/login', req, { loader: true })

/** Best effort: the session ends on this device whatever the server answers. */
export const logoutRequest = () => api<unknown>('auth/logout', {}, { signOutOnUnauthorized: false })

export const verifyFingerprint = (req: VerifyFingerprintRequest) => api<LoginData>('verifyfingerprint', req)
export const resendOtp = () => api<ResendOtpData>('resend-fp-otp', {})

export const forgotPassword = (req: ForgotPasswordRequest) => api<unknown>('auth/forgot-password', req)
export const resetPassword = (req: ResetPasswordRequest) => api<unknown>('auth/reset-password', req)
export const verifyEmail = (req: VerifyEmailRequest) => api<unknown>('auth/verify-email', req)
export const resendVerificationEmail = (req: ResendVerificationRequest) =>
  api<unknown>('admin/v1/user/resendVerificationEmail', req)
