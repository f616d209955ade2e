import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { loader } from '../lib/api'

/** The spec's loading indicator for calls marked with *. */
export function LoaderBar() {
  const { t } = useTranslation()
  const { count } = useSnapshot(loader)
  return count > 0 ? <div className="loader-bar" role="progressbar" aria-label={t('common.loading')} /> : null
}
