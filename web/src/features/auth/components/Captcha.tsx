import { useTranslation } from 'react-i18next'
import './auth.css'

/** The four digits to copy, drawn a little unevenly, with a button for a new set. */
export function Captcha({ digits, onRefresh }: { digits: string; onRefresh: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="captcha" dir="ltr">
      <span
        className="captcha-digits"
        role="img"
        aria-label={t('signin.captchaDigits', { digits: digits.split('').join(' ') })}
        data-testid="login-captcha-value"
      >
        {digits.split('').map((d, i) => (
          <span key={i} className={`captcha-digit captcha-digit--${i}`}>
            {d}
          </span>
        ))}
      </span>
      <button
        type="button"
        className="captcha-refresh"
        onClick={onRefresh}
        aria-label={t('signin.refreshCaptcha')}
        title={t('signin.refreshCaptcha')}
        data-testid="login-captcha-refresh"
      >
        ↻
      </button>
    </div>
  )
}
