import type { Profile } from '@diamond/contracts/http/account'
import type { SessionUser } from '@diamond/contracts/http/auth'
import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { session } from '../../../lib/session'
import { write } from '../../../lib/storage'
import { loadProfileRequest } from '../api/account'

/** user/profile, shared by the account sections (one load serves every tab). */
export const profileStore = proxy({
  profile: null as Profile | null,
  loading: false,
  error: null as ApiError | null,
})

let seq = 0

export async function loadProfile(): Promise<Profile | null> {
  const mine = ++seq
  profileStore.loading = true
  profileStore.error = null
  const { data, error } = await loadProfileRequest()
  if (mine !== seq) return data
  profileStore.loading = false
  profileStore.profile = data
  profileStore.error = error
  return data
}

/** Loads the profile unless this session already has it. */
export function ensureProfile(): void {
  const p = profileStore.profile
  if (!profileStore.loading && (!p || p.id !== session.user?.id)) void loadProfile()
}

/** Keeps the stored user (session and storage) in step with what the account pages changed. */
export function patchStoredUser(patch: Partial<SessionUser>): void {
  if (!session.user) return
  const next: SessionUser = { ...session.user, ...patch }
  if (patch.companyName !== undefined) next.account = { ...next.account, companyName: patch.companyName }
  session.user = next
  write('user', next)
}
