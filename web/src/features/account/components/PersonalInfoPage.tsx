import type { Profile } from '@diamond/contracts/http/account'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { updateAccount } from '../api/account'
import {
  personalValuesFrom,
  serverFields,
  toAccountUpdate,
  validatePersonal,
  type PersonalValues,
} from '../stores/account.rules'
import { ensureProfile, loadProfile, patchStoredUser } from '../stores/profile'
import { ProfileGate } from './ProfileGate'
import { FormField, fieldProps } from '../../../components/FormField'
import { Section } from './Section'
import { useForm } from './useForm'
import './account.css'

const ORDER: readonly (keyof PersonalValues)[] = [
  'firstName',
  'middleName',
  'lastName',
  'designation',
  'mobile',
  'telephone',
  'whatsapp',
  'skype',
  'birthDate',
  'anniversaryDate',
]
const TYPES: Partial<Record<keyof PersonalValues, string>> = {
  mobile: 'tel',
  telephone: 'tel',
  whatsapp: 'tel',
  birthDate: 'date',
  anniversaryDate: 'date',
}
const REQUIRED: ReadonlySet<keyof PersonalValues> = new Set(['firstName', 'lastName'])

/** Personal information: loaded from user/profile, saved through account/update. */
export function PersonalInfoPage({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  useEffect(ensureProfile, [])
  return (
    <Section embedded={embedded} title={t('account.sections.personal')} testId="personal-info">
      <ProfileGate>{(profile) => <PersonalForm key={profile.id} profile={profile} />}</ProfileGate>
    </Section>
  )
}

function PersonalForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const form = useForm(personalValuesFrom(profile), validatePersonal)
  const [saving, setSaving] = useState(false)

  async function onSubmit() {
    const invalid = form.checkAll(ORDER)
    if (invalid) return document.getElementById(`personal-${String(invalid)}`)?.focus()
    setSaving(true)
    const body = toAccountUpdate(form.values)
    const { error, response } = await updateAccount(body)
    setSaving(false)
    if (error) {
      const fields = error.code === 'E_VALIDATION' ? serverFields<PersonalValues>(response?.data, ORDER) : []
      if (fields.length)
        form.flag(Object.fromEntries(fields.map((f) => [f, validatePersonal(form.values)[f] ?? 'required'])))
      showToast(codeText(error.code, error.message), 'error')
      return
    }
    patchStoredUser({ firstName: body.firstName ?? '', lastName: body.lastName ?? '' })
    void loadProfile()
    showToast(t('account.saved'), 'success')
  }

  return (
    <form
      className="form acct-form"
      noValidate
      data-testid="personal-form"
      onSubmit={(e) => {
        e.preventDefault()
        void onSubmit()
      }}
    >
      <dl className="acct-facts">
        <div>
          <dt>{t('account.fields.username')}</dt>
          <dd dir="auto">{profile.username}</dd>
        </div>
        <div>
          <dt>{t('account.fields.email')}</dt>
          <dd dir="ltr">{profile.email}</dd>
        </div>
      </dl>
      <div className="form-grid form-grid--3">
        {ORDER.map((field) => {
          const id = `personal-${field}`
          const e = form.errors[field]
          const error = e ? t(`account.errors.${e}`) : null
          return (
            <FormField
              key={field}
              id={id}
              label={t(`account.fields.${field}`)}
              required={REQUIRED.has(field)}
              error={error}
            >
              <input
                {...fieldProps(id, { error, required: REQUIRED.has(field) })}
                name={field}
                data-testid={id}
                type={TYPES[field] ?? 'text'}
                dir={TYPES[field] === 'tel' ? 'ltr' : undefined}
                value={form.values[field]}
                onChange={(ev) => form.set(field, ev.target.value)}
                onBlur={(e) => form.blur(field, e)}
              />
            </FormField>
          )
        })}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" data-testid="personal-save" disabled={saving}>
          {t('account.save')}
        </button>
      </div>
    </form>
  )
}
