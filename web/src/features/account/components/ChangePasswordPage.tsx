import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField, fieldProps } from '../../../components/FormField'
import { codeText } from '../../../lib/i18n'
import { session } from '../../../lib/session'
import { write } from '../../../lib/storage'
import { showToast } from '../../../lib/toast'
import { changePassword } from '../api/account'
import { serverFields, validatePassword, type PasswordValues } from '../stores/account.rules'
import { Section } from './Section'
import { useForm } from './useForm'
import './account.css'

const ORDER: readonly (keyof PasswordValues)[] = ['currentPassword', 'newPassword', 'confirmPassword']
const AUTOCOMPLETE: Record<keyof PasswordValues, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
}
const empty = (): PasswordValues => ({ currentPassword: '', newPassword: '', confirmPassword: '' })

/** Change password (current, new, repeat): auth/reset-password-by-user answers a fresh token for this session. */
export function ChangePasswordPage({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  const form = useForm(empty(), validatePassword)
  const [wrong, setWrong] = useState(false)
  const [saving, setSaving] = useState(false)

  async function onSubmit() {
    setWrong(false)
    const invalid = form.checkAll(ORDER)
    if (invalid) return document.getElementById(`password-${invalid}`)?.focus()
    setSaving(true)
    const { data, error, response } = await changePassword({ ...form.values })
    setSaving(false)
    if (error) {
      if (error.code === 'E_WRONG_PASSWORD') {
        setWrong(true)
        document.getElementById('password-currentPassword')?.focus()
        return
      }
      const fields = error.code === 'E_VALIDATION' ? serverFields<PasswordValues>(response?.data, ORDER) : []
      if (fields.length)
        form.flag(Object.fromEntries(fields.map((f) => [f, validatePassword(form.values)[f] ?? 'password'])))
      showToast(codeText(error.code, error.message), 'error')
      return
    }
    // Other sessions end with the old password; this one carries on with the fresh token.
    write('token', data.token.jwt)
    session.token = data.token.jwt
    form.reset(empty())
    showToast(t('account.password.changed'), 'success')
  }

  return (
    <Section embedded={embedded} title={t('account.sections.password')} testId="change-password">
      <form
        className="form acct-form acct-form--narrow"
        noValidate
        data-testid="password-form"
        onSubmit={(e) => {
          e.preventDefault()
          void onSubmit()
        }}
      >
        {ORDER.map((field) => {
          const id = `password-${field}`
          const code = field === 'currentPassword' && wrong ? null : form.errors[field]
          const error =
            field === 'currentPassword' && wrong
              ? t('account.password.wrong')
              : code
                ? t(`account.errors.${code}`)
                : null
          return (
            <FormField
              key={field}
              id={id}
              label={t(`account.password.${field}`)}
              required
              error={error}
              help={field === 'newPassword' ? t('account.password.rule') : undefined}
            >
              <input
                {...fieldProps(id, { error, required: true, help: field === 'newPassword' })}
                data-testid={id}
                type="password"
                autoComplete={AUTOCOMPLETE[field]}
                maxLength={128}
                value={form.values[field]}
                onChange={(e) => {
                  if (field === 'currentPassword') setWrong(false)
                  form.set(field, e.target.value)
                  // The repeat follows the new password it must match.
                  if (field === 'newPassword' && form.errors.confirmPassword) form.blur('confirmPassword')
                }}
                onBlur={(e) => form.blur(field, e)}
              />
            </FormField>
          )
        })}
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" data-testid="password-save" disabled={saving}>
            {t('account.password.submit')}
          </button>
        </div>
      </form>
    </Section>
  )
}
