import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { codeText } from '../../../lib/i18n'
import { loadProfile, profileStore } from '../stores/profile'

/** Shows its children once user/profile has answered; loading and failure otherwise. */
export function ProfileGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { profile, loading, error } = useSnapshot(profileStore)
  if (profile) return <>{children}</>
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
