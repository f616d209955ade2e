import type { Address } from '@diamond/contracts/http/account'
import { ADDRESS_TYPES } from '@diamond/contracts/http/account.values'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Loading } from '../../../components/LoadState'
import { EmptyState } from '../../../components/EmptyState'
import { FormField, fieldProps } from '../../../components/FormField'
import type { ApiError } from '../../../lib/api'
import { confirm } from '../../../lib/confirm'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { deleteAddress, listAddresses, upsertAddress } from '../api/account'
import {
  addressValuesFrom,
  emptyAddress,
  serverFields,
  toAddressUpsert,
  validateAddress,
  type AddressValues,
} from '../stores/account.rules'
import { Section } from './Section'
import { useForm } from './useForm'
import './account.css'
import { CancelSave } from './CancelSave'

/** The address book: address/paginate, address/upsert, address/delete after the spec's question. */
export function AddressesPage({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  const [list, setList] = useState<Address[] | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  /** The address being edited; '' for a new one; null when the form is closed. */
  const [editing, setEditing] = useState<AddressValues | null>(null)

  // The answer is taken in a callback, never set while the effect itself runs.
  const load = () =>
    listAddresses().then(({ data, error }) => {
      setError(error)
      if (data) setList(data.list)
    })
  useEffect(() => void load(), [])

  async function remove(a: Address) {
    if (!(await confirm('confirm.deleteAddress'))) return
    const { error } = await deleteAddress(a.id)
    if (error) return showToast(codeText(error.code, error.message), 'error')
    showToast(t('account.addresses.deleted'), 'success')
    if (editing?.id === a.id) setEditing(null)
    await load()
  }

  const add = (
    <button
      type="button"
      className="btn btn--primary btn--small"
      data-testid="address-add"
      onClick={() => setEditing(emptyAddress())}
      disabled={editing !== null}
    >
      {t('account.addresses.add')}
    </button>
  )

  return (
    <Section embedded={embedded} title={t('account.sections.addresses')} testId="addresses" actions={add}>
      {editing && (
        <AddressForm
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
      {list?.length === 0 && !editing && <EmptyState />}
      {list && list.length > 0 && (
        <ul className="address-list" data-testid="address-list">
          {list.map((a) => (
            <li key={a.id} className="address-card" data-testid={`address-${a.id}`}>
              <div className="address-card-head">
                <span className="acct-badge">{t(`account.addresses.types.${a.type}`)}</span>
                {a.isDefault && <span className="acct-badge acct-badge--accent">{t('account.addresses.default')}</span>}
              </div>
              <address dir="auto">
                {[a.street, a.line1, a.line2, a.line3].filter(Boolean).map((l, i) => (
                  <span key={i}>{l}</span>
                ))}
                <span>{[a.city, a.state, a.pinCode].filter(Boolean).join(', ')}</span>
                <span>{a.country}</span>
              </address>
              <div className="address-card-actions">
                <button
                  type="button"
                  className="btn btn--small"
                  data-testid={`address-edit-${a.id}`}
                  onClick={() => setEditing(addressValuesFrom(a))}
                >
                  {t('account.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn--small acct-danger"
                  data-testid={`address-delete-${a.id}`}
                  onClick={() => void remove(a)}
                >
                  {t('account.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

const ORDER: readonly (keyof AddressValues)[] = [
  'type',
  'street',
  'line1',
  'line2',
  'line3',
  'city',
  'state',
  'country',
  'pinCode',
]
const REQUIRED: ReadonlySet<keyof AddressValues> = new Set(['type', 'line1', 'city', 'state', 'country', 'pinCode'])
const MAX: Partial<Record<keyof AddressValues, number>> = {
  street: 200,
  line1: 200,
  line2: 200,
  line3: 200,
  city: 100,
  state: 100,
  country: 100,
  pinCode: 12,
}

function AddressForm({
  initial,
  onDone,
}: {
  initial: AddressValues
  onDone: (saved: boolean) => void | Promise<void>
}) {
  const { t } = useTranslation()
  const form = useForm(initial, validateAddress)
  const [saving, setSaving] = useState(false)

  useEffect(() => document.getElementById('address-type')?.focus(), [])

  async function onSubmit() {
    const invalid = form.checkAll(ORDER)
    if (invalid) return document.getElementById(`address-${String(invalid)}`)?.focus()
    setSaving(true)
    const { error, response } = await upsertAddress(toAddressUpsert(form.values))
    setSaving(false)
    if (error) {
      const fields = error.code === 'E_VALIDATION' ? serverFields<AddressValues>(response?.data, ORDER) : []
      if (fields.length)
        form.flag(Object.fromEntries(fields.map((f) => [f, validateAddress(form.values)[f] ?? 'required'])))
      showToast(codeText(error.code, error.message), 'error')
      return
    }
    showToast(t('account.addresses.saved'), 'success')
    await onDone(true)
  }

  const err = (f: keyof AddressValues) => (form.errors[f] ? t(`account.errors.${form.errors[f]}`) : null)

  return (
    <form
      className="form acct-form address-form"
      noValidate
      data-testid="address-form"
      aria-label={initial.id ? t('account.addresses.editTitle') : t('account.addresses.addTitle')}
      onSubmit={(e) => {
        e.preventDefault()
        void onSubmit()
      }}
    >
      <h3 className="acct-subtitle">
        {initial.id ? t('account.addresses.editTitle') : t('account.addresses.addTitle')}
      </h3>
      <div className="form-grid form-grid--3">
        <FormField id="address-type" label={t('account.addresses.fields.type')} required>
          <select
            id="address-type"
            data-testid="address-type"
            value={form.values.type}
            onChange={(e) => form.set('type', e.target.value as AddressValues['type'])}
          >
            {ADDRESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`account.addresses.types.${type}`)}
              </option>
            ))}
          </select>
        </FormField>
        {ORDER.filter((f) => f !== 'type').map((f) => {
          const id = `address-${f}`
          const error = err(f)
          return (
            <FormField
              key={f}
              id={id}
              label={t(`account.addresses.fields.${f}`)}
              required={REQUIRED.has(f)}
              error={error}
            >
              <input
                {...fieldProps(id, { error, required: REQUIRED.has(f) })}
                data-testid={id}
                maxLength={MAX[f]}
                value={form.values[f] as string}
                onChange={(e) => form.set(f, e.target.value)}
                onBlur={(e) => form.blur(f, e)}
              />
            </FormField>
          )
        })}
      </div>
      <label className="check">
        <input
          type="checkbox"
          data-testid="address-isDefault"
          checked={form.values.isDefault}
          onChange={(e) => form.set('isDefault', e.target.checked)}
        />
        <span>{t('account.addresses.fields.isDefault')}</span>
      </label>
      <CancelSave name="address" saving={saving} onCancel={() => void onDone(false)} />
    </form>
  )
}
