import type { Profile } from '@diamond/contracts/http/account'
import { BUSINESS_TYPES } from '@diamond/contracts/http/account.values'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { FormField, fieldProps } from '../../../components/FormField'
import { NumberInput } from '../../../components/NumberInput'
import { codeText } from '../../../lib/i18n'
import { isCompanyAdmin, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { updateAccount } from '../api/account'
import {
  COMPANY_SIZES,
  SOCIAL_FIELDS,
  companyValuesFrom,
  serverFields,
  toCompanyUpdate,
  validateCompany,
  type CompanyValues,
} from '../stores/account.rules'
import { ensureProfile, loadProfile, patchStoredUser } from '../stores/profile'
import { ImageUpload } from './ImageUpload'
import { ProfileGate } from './ProfileGate'
import { Section } from './Section'
import { useForm } from './useForm'
import './account.css'

const ORDER: readonly (keyof CompanyValues)[] = [
  'name',
  'description',
  'foundedYear',
  'size',
  'website',
  'headquarters',
  'country',
  'city',
  'dealsIn',
  'manufacturing',
  'locations',
  ...SOCIAL_FIELDS,
]

/** Company profile: a company admin edits it (account/update with `company`); everyone else reads it. */
export function CompanyProfilePage({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  useEffect(ensureProfile, [])
  return (
    <Section embedded={embedded} title={t('account.sections.company')} testId="company-profile">
      <ProfileGate>{(profile) => <CompanyForm key={profile.company.id} profile={profile} />}</ProfileGate>
    </Section>
  )
}

function CompanyForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const { user } = useSnapshot(session)
  const editable = isCompanyAdmin(user)
  const validate = (v: CompanyValues) => validateCompany(v, new Date().getFullYear())
  const form = useForm(companyValuesFrom(profile.company), validate)
  const [saving, setSaving] = useState(false)
  // Uploads in flight (logo, cover): saving waits for them, or the image would be left out.
  const [uploading, setUploading] = useState(0)
  const busy = (b: boolean) => setUploading((n) => n + (b ? 1 : -1))

  async function onSubmit() {
    if (!editable || uploading > 0) return
    const invalid = form.checkAll(ORDER)
    if (invalid) return document.getElementById(`company-${String(invalid)}`)?.focus()
    setSaving(true)
    const { error, response } = await updateAccount(toCompanyUpdate(form.values))
    setSaving(false)
    if (error) {
      const fields = error.code === 'E_VALIDATION' ? serverFields<CompanyValues>(response?.data, ORDER, 'company.') : []
      // A name another company has (or registered under) is refused by the service alone.
      const taken = fields.includes('name') && validate(form.values).name === undefined
      if (fields.length) {
        form.flag(
          Object.fromEntries(
            fields.map((f) => [f, f === 'name' && taken ? 'companyTaken' : (validate(form.values)[f] ?? 'required')]),
          ),
        )
        document.getElementById(`company-${String(fields[0])}`)?.focus()
      }
      showToast(codeText(error.code, error.message), 'error')
      return
    }
    patchStoredUser({ companyName: form.values.name.trim() })
    void loadProfile()
    showToast(t('account.saved'), 'success')
  }

  const text = (
    field: 'name' | 'website' | 'headquarters' | 'country' | 'city' | 'dealsIn' | (typeof SOCIAL_FIELDS)[number],
    opts: { required?: boolean; type?: string; label?: string; max?: number } = {},
  ) => {
    const id = `company-${field}`
    const error = form.errors[field] ? t(`account.errors.${form.errors[field]}`) : null
    return (
      <FormField
        id={id}
        label={opts.label ?? t(`account.company.${field}`)}
        required={opts.required && editable}
        error={error}
      >
        <input
          {...fieldProps(id, { error, required: opts.required })}
          data-testid={id}
          type={opts.type ?? 'text'}
          maxLength={opts.max}
          dir={opts.type === 'url' ? 'ltr' : undefined}
          value={form.values[field]}
          readOnly={!editable}
          onChange={(e) => form.set(field, e.target.value)}
          onBlur={(e) => form.blur(field, e)}
        />
      </FormField>
    )
  }
  const err = (field: keyof CompanyValues) => (form.errors[field] ? t(`account.errors.${form.errors[field]}`) : null)

  return (
    <form
      className="form acct-form"
      noValidate
      data-testid="company-form"
      data-editable={editable}
      onSubmit={(e) => {
        e.preventDefault()
        void onSubmit()
      }}
    >
      {!editable && (
        <p className="acct-note" data-testid="company-readonly">
          {t('account.company.readOnly')}
        </p>
      )}
      <div className="company-images">
        <ImageUpload
          id="company-logo"
          purpose="logo"
          label={t('account.company.logo')}
          hint={t('account.company.logoHint')}
          fileId={form.values.logoFileId}
          disabled={!editable}
          onUploaded={(id) => form.set('logoFileId', id)}
          onBusy={busy}
        />
        <ImageUpload
          id="company-cover"
          purpose="cover"
          label={t('account.company.cover')}
          hint={t('account.company.coverHint')}
          fileId={form.values.coverFileId}
          disabled={!editable}
          onUploaded={(id) => form.set('coverFileId', id)}
          onBusy={busy}
        />
      </div>
      <div className="form-grid">
        {text('name', { required: true })}
        <FormField id="company-code" label={t('account.company.code')}>
          <input id="company-code" value={profile.company.code} readOnly dir="ltr" />
        </FormField>
        <FormField id="company-foundedYear" label={t('account.company.foundedYear')} error={err('foundedYear')}>
          <NumberInput
            {...fieldProps('company-foundedYear', { error: err('foundedYear') })}
            data-testid="company-foundedYear"
            min={1800}
            max={new Date().getFullYear()}
            step={1}
            value={form.values.foundedYear}
            readOnly={!editable}
            onChange={(e) => form.set('foundedYear', e.target.value)}
            onBlur={(e) => form.blur('foundedYear', e)}
          />
        </FormField>
        <FormField id="company-size" label={t('account.company.size')} error={err('size')}>
          <select
            id="company-size"
            data-testid="company-size"
            value={form.values.size}
            disabled={!editable}
            onChange={(e) => form.set('size', e.target.value)}
          >
            <option value="">{t('account.choose')}</option>
            {form.values.size && !(COMPANY_SIZES as readonly string[]).includes(form.values.size) && (
              <option value={form.values.size}>{form.values.size}</option>
            )}
            {COMPANY_SIZES.map((s) => (
              <option key={s} value={s}>
                {t('account.company.people', { range: s })}
              </option>
            ))}
          </select>
        </FormField>
        {text('website', { type: 'url' })}
        {text('headquarters')}
        <FormField id="company-type" label={t('account.company.type')}>
          <select
            id="company-type"
            data-testid="company-type"
            value={form.values.type}
            disabled={!editable}
            onChange={(e) => form.set('type', e.target.value)}
          >
            <option value="">{t('account.choose')}</option>
            {BUSINESS_TYPES.map((b) => (
              <option key={b} value={b}>
                {t(`register.businessTypes.${b}`)}
              </option>
            ))}
          </select>
        </FormField>
        {text('country', { max: 80 })}
        {text('city', { max: 80 })}
        {text('dealsIn', { max: 300 })}
      </div>
      <FormField id="company-description" label={t('account.company.description')} error={err('description')}>
        <textarea
          {...fieldProps('company-description', { error: err('description') })}
          data-testid="company-description"
          rows={4}
          maxLength={2000}
          value={form.values.description}
          readOnly={!editable}
          onChange={(e) => form.set('description', e.target.value)}
          onBlur={(e) => form.blur('description', e)}
        />
      </FormField>
      <FormField id="company-manufacturing" label={t('account.company.manufacturing')} error={err('manufacturing')}>
        <textarea
          {...fieldProps('company-manufacturing', { error: err('manufacturing') })}
          data-testid="company-manufacturing"
          rows={3}
          maxLength={1000}
          value={form.values.manufacturing}
          readOnly={!editable}
          onChange={(e) => form.set('manufacturing', e.target.value)}
          onBlur={(e) => form.blur('manufacturing', e)}
        />
      </FormField>
      <FormField
        id="company-locations"
        label={`${t('account.company.locations')} (${t('account.company.locationsHint')})`}
        error={err('locations')}
      >
        <textarea
          {...fieldProps('company-locations', { error: err('locations') })}
          data-testid="company-locations"
          rows={3}
          value={form.values.locations}
          readOnly={!editable}
          onChange={(e) => form.set('locations', e.target.value)}
          onBlur={(e) => form.blur('locations', e)}
        />
      </FormField>
      <fieldset className="company-social">
        <legend>{t('account.company.social')}</legend>
        <p className="acct-note">{t('account.company.socialHint')}</p>
        <div className="form-grid">
          {SOCIAL_FIELDS.map((f) => (
            <div key={f}>{text(f, { type: 'url', label: t(`members.platforms.${f}`), max: 290 })}</div>
          ))}
        </div>
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          data-testid="company-showContacts"
          checked={form.values.showContacts}
          disabled={!editable}
          onChange={(e) => form.set('showContacts', e.target.checked)}
        />
        <span>{t('account.company.showContacts')}</span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="company-isPublic"
          checked={form.values.isPublic}
          disabled={!editable}
          onChange={(e) => form.set('isPublic', e.target.checked)}
        />
        <span>{t('account.company.isPublic')}</span>
      </label>
      {editable && (
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn--primary"
            data-testid="company-save"
            disabled={saving || uploading > 0}
          >
            {t('account.save')}
          </button>
        </div>
      )}
    </form>
  )
}
