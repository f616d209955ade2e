import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { fieldProps, FormField } from '../../../components/FormField'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { resetPassword } from '../api/auth'
import { passwordError, repeatError } from '../stores/auth.rules'

type Fields = { password: string | null; repeat: string | null }

/** /reset-password/:token: a new password, typed twice, from the link in the reset mail. */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<Fields>({ password: null, repeat: null })
  const [linkInvalid, setLinkInvalid] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [saving, setSaving] = useState(false)

  const check = (): Fields => ({ password: passwordError(password), repeat: repeatError(password, repeat) })

  async function onSubmit() {
    const found = check()
    setErrors(found)
    if (found.password || found.repeat) return
    setSaving(true)
    setError(null)
    const r = await resetPassword({ token, password, confirmPassword: repeat })
    setSaving(false)
    if (!r.error) {
      showToast(t('shell.reset.done'), 'success')
      navigate('/signin', { replace: true })
      return
    }
    // A token the server cannot even read is as dead as an expired one.
    const badToken = r.error.code === 'E_VALIDATION' && JSON.stringify(r.error.data ?? '').includes('token')
    if (r.error.code === 'E_LINK_INVALID' || badToken) setLinkInvalid(true)
    else setError(r.error)
  }

  const help = t('shell.password.help')
  const pwError = errors.password ? t(errors.password) : null
  const repeatErr = errors.repeat ? t(errors.repeat) : null

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title" className="signin-title">
          {t('shell.reset.title')}
        </h1>
        {linkInvalid ? (
          <div className="notice notice--error" role="alert" data-testid="reset-link-invalid">
            <strong>{t('errors.E_LINK_INVALID')}</strong>
            <Link href="/forgot-password">{t('shell.reset.requestNew')}</Link>
          </div>
        ) : (
          <>
            {error && (
              <div className="notice notice--error" role="alert" data-testid="reset-error">
                <strong>{codeText(error.code, error.message)}</strong>
              </div>
            )}
            <form
              className="form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                void onSubmit()
              }}
            >
              <FormField id="reset-password" label={t('shell.reset.password')} required error={pwError} help={help}>
                <input
                  {...fieldProps('reset-password', { error: pwError, help: true, required: true })}
                  type="password"
                  autoComplete="new-password"
                  data-testid="reset-password"
                  value={password}
                  onChange={(e) => {
                    const v = e.target.value
                    setPassword(v)
                    // A flagged field is re-checked as it is corrected, so leaving it later moves nothing.
                    setErrors((x) => ({
                      password: x.password ? passwordError(v) : null,
                      repeat: x.repeat && repeat ? repeatError(v, repeat) : x.repeat,
                    }))
                  }}
                  onBlur={() => password && setErrors((x) => ({ ...x, password: passwordError(password) }))}
                />
              </FormField>
              <FormField id="reset-repeat" label={t('shell.reset.repeat')} required error={repeatErr}>
                <input
                  {...fieldProps('reset-repeat', { error: repeatErr, required: true })}
                  type="password"
                  autoComplete="new-password"
                  data-testid="reset-repeat"
                  value={repeat}
                  onChange={(e) => {
                    const v = e.target.value
                    setRepeat(v)
                    setErrors((x) => (x.repeat ? { ...x, repeat: repeatError(password, v) } : x))
                  }}
                  onBlur={() => repeat && setErrors((x) => ({ ...x, repeat: repeatError(password, repeat) }))}
                />
              </FormField>
              <button
                type="submit"
                className="btn btn--primary btn--block"
                data-testid="reset-submit"
                disabled={saving}
              >
                {t('shell.reset.submit')}
              </button>
            </form>
          </>
        )}
        <p className="auth-foot">
          <Link href="/signin">{t('shell.backToSignin')}</Link>
        </p>
      </section>
    </main>
  )
}
