import { useTranslation } from 'react-i18next'

/** What a screen shows while its code is fetched: the spec's loading bar over its frame, which stays as it is. */
export function ScreenLoading() {
  const { t } = useTranslation()
  return <div className="loader-bar" role="progressbar" aria-label={t('common.loading')} />
}
