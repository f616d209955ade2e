import type { Facility } from '@diamond/contracts/http/facilities'
import { FACILITY_ACTIVITIES, FACILITY_LIMITS, MAX_FACILITIES } from '@diamond/contracts/http/facilities.values'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Loading } from '../../../components/LoadState'
import { useSnapshot } from 'valtio'
import { EmptyState } from '../../../components/EmptyState'
import { FormField, fieldProps } from '../../../components/FormField'
import { NumberInput } from '../../../components/NumberInput'
import type { ApiError } from '../../../lib/api'
import { confirm } from '../../../lib/confirm'
import { fmtCount } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { isCompanyAdmin, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { deleteFacility, listFacilities, saveFacility } from '../api/facilities'
import { serverFields } from '../stores/account.rules'
import {
  FACILITY_ORDER,
  emptyFacility,
  facilityValuesFrom,
  toFacilitySave,
  toggleActivity,
  validateFacility,
  type FacilityValues,
} from '../stores/facilities.rules'
import { ensureProfile, profileStore } from '../stores/profile'
import { Section } from './Section'
import { useForm } from './useForm'
import './account.css'
import { CancelSave } from './CancelSave'

/**
 * My account → Manufacturing: the company's facilities (company/facility/*). Every member of the
 * company reads them; the company admin adds, edits and deletes them (delete asks first).
 */
export function ManufacturingPage({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  const { user } = useSnapshot(session)
  const { profile } = useSnapshot(profileStore)
  const admin = isCompanyAdmin(user)
  const [list, setList] = useState<Facility[] | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  /** The facility being edited ('' id for a new one); null when the form is closed. */
  const [editing, setEditing] = useState<FacilityValues | null>(null)

  const load = () =>
    listFacilities().then(({ data, error }) => {
      setError(error)
      if (data) setList(data.list)
    })
  useEffect(() => void load(), [])
  useEffect(ensureProfile, [])

  async function remove(f: Facility) {
    if (!(await confirm('facilities.confirmDelete'))) return
    const { error } = await deleteFacility(f.id)
    if (error) return showToast(codeText(error.code, error.message), 'error')
    showToast(t('facilities.deleted'), 'success')
    if (editing?.id === f.id) setEditing(null)
    await load()
  }

  const full = (list?.length ?? 0) >= MAX_FACILITIES
  const add = admin ? (
    <button
      type="button"
      className="btn btn--primary btn--small"
      data-testid="facility-add"
      onClick={() => setEditing(emptyFacility())}
      disabled={editing !== null || !list || full}
    >
      {t('facilities.add')}
    </button>
  ) : null

  const overview = profile?.company.manufacturing.trim()
  return (
    <Section embedded={embedded} title={t('account.sections.manufacturing')} testId="manufacturing" actions={add}>
      <p className="acct-note" data-testid="facilities-intro">
        {admin ? t('facilities.intro', { max: MAX_FACILITIES }) : t('facilities.readOnly')}
      </p>
      {overview && (
        <div className="facility-overview" data-testid="facilities-overview">
          <h3 className="acct-subtitle">{t('facilities.overview')}</h3>
          <p dir="auto">{overview}</p>
        </div>
      )}
      {editing && (
        <FacilityForm
          key={editing.id || 'new'}
          initial={editing}
          onDone={async (saved) => {
            setEditing(null)
            if (saved) await load()
          }}
        />
      )}
      {error && !list && <LoadError error={error} retry={() => void load()} />}
      {!list && !error && <Loading />}
      {list?.length === 0 && !editing && <EmptyState textKey="facilities.empty" />}
      {list && list.length > 0 && (
        <>
          <p className="acct-note" data-testid="facilities-count">
            {t('facilities.count', { n: list.length, max: MAX_FACILITIES })}
          </p>
          <ul className="address-list facility-list" data-testid="facility-list">
            {list.map((f) => (
              <li key={f.id} className="address-card facility-card" data-testid="facility" data-name={f.name}>
                <div className="address-card-head">
                  <h3 className="acct-subtitle">
                    <bdi>{f.name}</bdi>
                  </h3>
                  <span className={`acct-badge${f.isPublic ? ' acct-badge--accent' : ''}`}>
                    {f.isPublic ? t('facilities.public') : t('facilities.hidden')}
                  </span>
                </div>
                <FacilityFacts f={f} />
                {admin && (
                  <div className="address-card-actions">
                    <button
                      type="button"
                      className="btn btn--small"
                      data-testid="facility-edit"
                      aria-label={`${t('account.edit')}: ${f.name}`}
                      onClick={() => setEditing(facilityValuesFrom(f))}
                      disabled={editing !== null}
                    >
                      {t('account.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--small acct-danger"
                      data-testid="facility-delete"
                      aria-label={`${t('account.delete')}: ${f.name}`}
                      onClick={() => void remove(f)}
                    >
                      {t('account.delete')}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  )
}

/** Where it is, what it does, its people, capacity and certifications. */
function FacilityFacts({ f }: { f: Facility }) {
  const { t } = useTranslation()
  return (
    <dl className="facility-facts">
      <div>
        <dt>{t('facilities.fields.place')}</dt>
        <dd>
          <bdi>{[f.city, f.country].join(', ')}</bdi>
        </dd>
      </div>
      <div>
        <dt>{t('facilities.fields.activities')}</dt>
        <dd>{f.activities.map((a) => t(`facilities.activities.${a}`)).join(' · ')}</dd>
      </div>
      <div>
        <dt>{t('facilities.fields.workers')}</dt>
        <dd>{fmtCount(f.workers)}</dd>
      </div>
      {f.monthlyCapacityCt !== null && (
        <div>
          <dt>{t('facilities.fields.monthlyCapacityCt')}</dt>
          <dd>{t('facilities.carats', { value: fmtCount(f.monthlyCapacityCt) })}</dd>
        </div>
      )}
      {f.certifications && (
        <div>
          <dt>{t('facilities.fields.certifications')}</dt>
          <dd>
            <bdi>{f.certifications}</bdi>
          </dd>
        </div>
      )}
    </dl>
  )
}

const MAX: Partial<Record<keyof FacilityValues, number>> = {
  name: FACILITY_LIMITS.name,
  city: FACILITY_LIMITS.city,
  country: FACILITY_LIMITS.country,
  certifications: FACILITY_LIMITS.certifications,
}

function FacilityForm({
  initial,
  onDone,
}: {
  initial: FacilityValues
  onDone: (saved: boolean) => void | Promise<void>
}) {
  const { t } = useTranslation()
  const form = useForm(initial, validateFacility)
  const [saving, setSaving] = useState(false)

  useEffect(() => document.getElementById('facility-name')?.focus(), [])

  async function onSubmit() {
    const invalid = form.checkAll(FACILITY_ORDER)
    if (invalid) {
      const id =
        invalid === 'activities'
          ? `facility-activity-${form.values.activities[0] ?? FACILITY_ACTIVITIES[0]}`
          : `facility-${invalid}`
      return document.getElementById(id)?.focus()
    }
    setSaving(true)
    const { error, response } = await saveFacility(toFacilitySave(form.values))
    setSaving(false)
    if (error) {
      const fields = error.code === 'E_VALIDATION' ? serverFields<FacilityValues>(response?.data, FACILITY_ORDER) : []
      if (fields.length)
        form.flag(Object.fromEntries(fields.map((f) => [f, validateFacility(form.values)[f] ?? 'required'])))
      showToast(codeText(error.code, error.message), 'error')
      return
    }
    showToast(t('facilities.saved'), 'success')
    await onDone(true)
  }

  const err = (f: keyof FacilityValues) => (form.errors[f] ? t(`facilities.errors.${form.errors[f]}`) : null)
  const title = initial.id ? t('facilities.editTitle') : t('facilities.addTitle')

  const textField = (f: 'name' | 'city' | 'country', required = true) => {
    const id = `facility-${f}`
    const error = err(f)
    return (
      <FormField id={id} label={t(`facilities.fields.${f}`)} required={required} error={error}>
        <input
          {...fieldProps(id, { error, required })}
          data-testid={id}
          maxLength={MAX[f]}
          value={form.values[f]}
          onChange={(e) => form.set(f, e.target.value)}
          onBlur={(e) => form.blur(f, e)}
        />
      </FormField>
    )
  }
  const activitiesError = err('activities')

  return (
    <form
      className="form acct-form address-form"
      noValidate
      data-testid="facility-form"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault()
        void onSubmit()
      }}
    >
      <h3 className="acct-subtitle">{title}</h3>
      <div className="form-grid form-grid--3">
        {textField('name')}
        {textField('city')}
        {textField('country')}
      </div>
      <fieldset
        className={`form-section facility-activities${activitiesError ? ' is-invalid' : ''}`}
        aria-describedby={activitiesError ? 'facility-activities-error' : undefined}
      >
        <legend>
          {t('facilities.fields.activities')}
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <div className="check-row">
          {FACILITY_ACTIVITIES.map((a) => (
            <label key={a} className="check">
              <input
                type="checkbox"
                id={`facility-activity-${a}`}
                data-testid={`facility-activity-${a}`}
                checked={form.values.activities.includes(a)}
                onChange={(e) => form.set('activities', toggleActivity(form.values.activities, a, e.target.checked))}
              />
              <span>{t(`facilities.activities.${a}`)}</span>
            </label>
          ))}
        </div>
        {activitiesError && (
          <p
            className="field-error"
            id="facility-activities-error"
            role="alert"
            data-testid="facility-activities-error"
          >
            {activitiesError}
          </p>
        )}
      </fieldset>
      <div className="form-grid form-grid--3">
        {(['workers', 'monthlyCapacityCt'] as const).map((f) => {
          const id = `facility-${f}`
          const error = err(f)
          const required = f === 'workers'
          return (
            <FormField
              key={f}
              id={id}
              label={t(`facilities.fields.${f}`)}
              required={required}
              error={error}
              help={f === 'monthlyCapacityCt' ? t('facilities.capacityHint') : undefined}
            >
              <NumberInput
                {...fieldProps(id, { error, required, help: f === 'monthlyCapacityCt' })}
                data-testid={id}
                inputMode="numeric"
                min={f === 'workers' ? 0 : 1}
                step={1}
                value={form.values[f]}
                onChange={(e) => form.set(f, e.target.value)}
                onBlur={(e) => form.blur(f, e)}
              />
            </FormField>
          )
        })}
      </div>
      <FormField
        id="facility-certifications"
        label={t('facilities.fields.certifications')}
        error={err('certifications')}
        help={t('facilities.certificationsHint')}
      >
        <input
          {...fieldProps('facility-certifications', { error: err('certifications'), help: true })}
          data-testid="facility-certifications"
          maxLength={MAX.certifications}
          value={form.values.certifications}
          onChange={(e) => form.set('certifications', e.target.value)}
          onBlur={(e) => form.blur('certifications', e)}
        />
      </FormField>
      <label className="check">
        <input
          type="checkbox"
          data-testid="facility-isPublic"
          checked={form.values.isPublic}
          onChange={(e) => form.set('isPublic', e.target.checked)}
        />
        <span>{t('facilities.fields.isPublic')}</span>
      </label>
      <CancelSave name="facility" saving={saving} onCancel={() => void onDone(false)} />
    </form>
  )
}
