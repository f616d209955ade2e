import { AppError } from '@diamond/runtime'

export const RESET_LINK_MINUTES = 60
export const VERIFY_LINK_HOURS = 48

/** Paths of the web app's open routes (spec section 2); the mail adds the portal's address. */
export const resetLink = (token: string) => `/reset-password/${token}`
export const verifyLink = (token: string) => `/verify-email?token=${encodeURIComponent(token)}`

/** A rule beyond the schema, reported the way schema errors are (data.fields). */
export function fieldError(field: string, message: string): AppError {
  return new AppError(
    'E_VALIDATION',
    { fields: [{ field, in: 'body', message }] },
    `Invalid Fields: ${field} ${message}`,
  )
}

/** The repeated password of a reset or change. */
export function checkRepeat(password: string, repeat: string): void {
  if (password !== repeat) throw fieldError('confirmPassword', 'must match the new password')
}
