import type { LoginData, LoginRequest } from '@diamond/contracts/http/auth'
import { api } from '../../../lib/api'

export const login = (req: LoginRequest) => api<LoginData>('auth/login', req, { loader: true })

/** Best effort: the session ends on this device whatever the server answers. */
export const logoutRequest = () => api<unknown>('auth/logout', {}, { signOutOnUnauthorized: false })
