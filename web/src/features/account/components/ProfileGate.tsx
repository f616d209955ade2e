import type { Profile } from '@diamond/contracts/http/account'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { codeText } from '../../../lib/i18n'
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
    return (
      <div className="acct-state acct-state--error" role="alert">
        <p>{codeText(error.code, error.message)}</p>
        <button type="button" className="btn" onClick={() => void loadProfile()}>
          {t('account.retry')}
        </button>
      </div>
    )
  }
  return (
    <div className="acct-state" aria-busy="true">
      {t('common.loading')}
    </div>
  )
}
