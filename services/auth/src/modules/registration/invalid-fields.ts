import { AppError } from '@diamond/runtime'
import type { FieldProblem } from './registration.rules'

/** Username or email already in use: the form names which, so the person can choose another. */
export function alreadyExists(taken: { username: boolean; email: boolean }): AppError {
  const fields: FieldProblem[] = []
  if (taken.username) fields.push({ field: 'username', in: 'body', message: 'is already taken' })
  if (taken.email) fields.push({ field: 'email', in: 'body', message: 'is already registered' })
  return new AppError('E_ALREADY_EXISTS', { fields })
}
