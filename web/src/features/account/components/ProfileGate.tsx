import type { Profile } from '@diamond/contracts/http/account'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError } from '../../../components/LoadState'
import { useSnapshot } from 'valtio'
import { session } from '../../../lib/session'
import { loadProfile, profileStore } from '../stores/profile'

/** The signed-in user's profile once user/profile has answered; never one left from an earlier session. */
export function useMyProfile(): Profile | null {
  const { profile } = useSnapshot(profileStore)
  const { user } = useSnapshot(session)
  return profile && profile.id === user?.id ? (profile as Profile) : null
}

/** Shows its children once user/profile has answered; loading and failure otherwise. */
export function ProfileGate({ children }: { children: (profile: Profile) => ReactNode }) {
  const { t } = useTranslation()
  const { loading, error } = useSnapshot(profileStore)
  const profile = useMyProfile()
  if (profile) return <>{children(profile)}</>
  if (error && !loading) {
    return <LoadError error={error} retry={() => void loadProfile()} />
  }
  return (
    <div className="acct-state" aria-busy="true">
      {t('common.loading')}
    </div>
  )
}
