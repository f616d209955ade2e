import { useTranslation } from 'react-i18next'
import { LANGUAGES, setLocale, type Locale } from '../lib/i18n'

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation()
  return (
    <label className="lang">
      <span className="visually-hidden">{t('header.language')}</span>
      <svg className="lang-icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </svg>
      <select
        className="lang-select"
        data-testid="language-switcher"
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => setLocale(e.target.value as Locale)}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  )
}
