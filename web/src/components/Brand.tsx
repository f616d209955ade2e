import { useTranslation } from 'react-i18next'

export function Brand() {
  const { t } = useTranslation()
  return (
    <span className="brand">
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
        <path fill="currentColor" d="M8 4h16l6 8-14 16L2 12z" />
        <path fill="#fff" d="M8 4l4 8h8l4-8zM2 12h28L16 28z" opacity=".35" />
      </svg>
      <span className="brand-name">{t('app.name')}</span>
    </span>
  )
}
