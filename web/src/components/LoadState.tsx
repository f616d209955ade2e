import { useTranslation } from 'react-i18next'
import type { ApiError } from '../lib/api'
import { codeText } from '../lib/i18n'

/** A read that failed: the reason (an API error in the spec's words, or a text) and a way to try again. */
export function LoadError({ error, retry }: { error: ApiError | string; retry: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="acct-state acct-state--error" role="alert">
      <p>{typeof error === 'string' ? error : codeText(error.code, error.message)}</p>
      <button type="button" className="btn" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  )
}

/** A read on its way. */
export function Loading() {
  const { t } = useTranslation()
  return <div className="acct-state">{t('common.loading')}</div>
}
