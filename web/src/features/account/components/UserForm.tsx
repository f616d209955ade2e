import type { ManagedUser } from '@diamond/contracts/http/account'
import { MANAGED_USER_TYPES } from '@diamond/contracts/http/account.values'
import type { UserPermissions } from '@diamond/contracts/permissions'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { FormField, fieldProps } from '../../../components/FormField'
import { codeText } from '../../../lib/i18n'
import { session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { createUser, updateUser } from '../api/account'
import {
  emptyNewUser,
  serverFields,
  toUserCreate,
  validateNewUser,
  type ManagedUserType,
  type NewUserValues,
  type UserSettings,
} from '../stores/account.rules'
import {
  emptyPermissions,
  normalise,
  refusedRights,
  startingPermissions,
  userRefusal,
  withinHolder,
} from '../stores/permissions.rules'
import { PermissionMatrix } from './PermissionMatrix'
import { useForm } from './useForm'
import './account.css'
import { CancelSave } from './CancelSave'

const ORDER: readonly (keyof NewUserValues)[] = ['firstName', 'lastName', 'username', 'email', 'mobile', 'password']
const INPUT: Partial<Record<keyof NewUserValues, { type: string; autoComplete: string }>> = {
  email: { type: 'email', autoComplete: 'off' },
  mobile: { type: 'tel', autoComplete: 'off' },
  password: { type: 'password', autoComplete: 'new-password' },
}
const MANAGED: readonly string[] = MANAGED_USER_TYPES
const noErrors = () => ({})

/**
 * Add a user (user/create) or change one (PUT user/update: type, active, settings, permissions).
 * Permissions are sent only when the admin chooses to set them; otherwise the type's defaults apply.
 */
export function UserForm({
  user,
  onDone,
}: {
  user: ManagedUser | null
  onDone: (saved: boolean) => void | Promise<void>
}) {
  const { t } = useTranslation()
  const { userPermissions } = useSnapshot(session)
  const holder = userPermissions as UserPermissions
  const creating = user === null
  const form = useForm(emptyNewUser(), creating ? validateNewUser : noErrors)
  const [userType, setUserType] = useState<ManagedUserType>(
    user && MANAGED.includes(user.userType) ? (user.userType as ManagedUserType) : 'buyer',
  )
  const [active, setActive] = useState(user?.active ?? true)
  const [setting, setSetting] = useState<UserSettings>({
    Is_PlaceOrder: user?.setting.Is_PlaceOrder ?? true,
    Is_NoPrice: user?.setting.Is_NoPrice ?? false,
  })
  const [custom, setCustom] = useState(false)
  const [permissions, setPermissions] = useState<UserPermissions>(() =>
    user ? normalise(user.userPermissions as UserPermissions) : emptyPermissions(),
  )
  const [refused, setRefused] = useState<{ module: string; action: string }[]>([])
  /** The server's word that this user may not be changed by this admin at all, or not so. */
  const [blocked, setBlocked] = useState<'outranked' | 'lastFullAdmin' | null>(null)
  const [saving, setSaving] = useState(false)
  /** E_ALREADY_EXISTS on create: the username or email is in use. */
  const [taken, setTaken] = useState(false)

  useEffect(() => document.getElementById(creating ? 'user-firstName' : 'user-userType')?.focus(), [creating])

  async function onSubmit() {
    setRefused([])
    setBlocked(null)
    if (creating) {
      const invalid = form.checkAll(ORDER)
      if (invalid) return document.getElementById(`user-${invalid}`)?.focus()
    }
    const perms = custom ? withinHolder(permissions, holder) : null
    setSaving(true)
    const result = creating
      ? await createUser(toUserCreate({ ...form.values, userType }, setting, perms))
      : await updateUser({ id: user.id, userType, active, setting, ...(perms ? { permissions: perms } : {}) })
    setSaving(false)
    const { error, response } = result
    if (error) {
      if (error.code === 'E_FORBIDDEN') {
        setRefused(refusedRights(response?.data))
        setBlocked(userRefusal(response?.data))
      }
      if (error.code === 'E_VALIDATION' && creating) {
        const fields = serverFields<NewUserValues>(response?.data, ORDER)
        if (fields.length)
          form.flag(Object.fromEntries(fields.map((f) => [f, validateNewUser(form.values)[f] ?? 'required'])))
      }
      if (error.code === 'E_ALREADY_EXISTS' && creating) setTaken(true)
      showToast(codeText(error.code, error.message), 'error')
      return
    }
    showToast(creating ? t('account.users.created') : t('account.users.updated'), 'success')
    await onDone(true)
  }

  const title = creating ? t('account.users.addTitle') : t('account.users.editTitle', { name: user.username })

  return (
    <form
      className="form acct-form user-form"
      noValidate
      data-testid="user-form"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault()
        void onSubmit()
      }}
    >
      <h3 className="acct-subtitle">{title}</h3>
      {blocked && (
        <div className="notice notice--error" role="alert" data-testid="user-refused">
          {t(`account.users.${blocked}`)}
        </div>
      )}
      {creating && (
        <div className="form-grid form-grid--3">
          {ORDER.map((f) => {
            const id = `user-${f}`
            const code = form.errors[f]
            const error = code
              ? t(`account.errors.${code}`)
              : taken && (f === 'username' || f === 'email')
                ? t('account.errors.taken')
                : null
            return (
              <FormField
                key={f}
                id={id}
                label={t(`account.fields.${f}`)}
                required
                error={error}
                help={f === 'password' ? t('account.password.rule') : undefined}
              >
                <input
                  {...fieldProps(id, { error, required: true, help: f === 'password' })}
                  data-testid={id}
                  type={INPUT[f]?.type ?? 'text'}
                  autoComplete={INPUT[f]?.autoComplete ?? 'off'}
                  dir={f === 'email' || f === 'mobile' ? 'ltr' : undefined}
                  value={form.values[f]}
                  onChange={(e) => {
                    if (f === 'username' || f === 'email') setTaken(false)
                    form.set(f, e.target.value)
                  }}
                  onBlur={(e) => form.blur(f, e)}
                />
              </FormField>
            )
          })}
        </div>
      )}
      <div className="form-grid form-grid--3">
        <FormField id="user-userType" label={t('account.users.userType')} required>
          <select
            id="user-userType"
            data-testid="user-userType"
            value={userType}
            onChange={(e) => {
              const type = e.target.value as ManagedUserType
              setUserType(type)
              if (custom && creating) setPermissions(startingPermissions(type, setting, holder))
            }}
          >
            {MANAGED_USER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`account.users.types.${type}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="check-row">
        {!creating && (
          <label className="check">
            <input
              type="checkbox"
              data-testid="user-active"
              checked={active}
              onChange={(e) => setActive(e.target.checked)}
            />
            <span>{t('account.users.isActive')}</span>
          </label>
        )}
        <label className="check">
          <input
            type="checkbox"
            data-testid="user-placeOrder"
            checked={setting.Is_PlaceOrder}
            onChange={(e) => setSetting({ ...setting, Is_PlaceOrder: e.target.checked })}
          />
          <span>{t('account.users.placeOrder')}</span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            data-testid="user-noPrice"
            checked={setting.Is_NoPrice}
            onChange={(e) => setSetting({ ...setting, Is_NoPrice: e.target.checked })}
          />
          <span>{t('account.users.noPrice')}</span>
        </label>
      </div>
      <fieldset className="form-section">
        <legend>{t('account.users.permissions')}</legend>
        <label className="check">
          <input
            type="checkbox"
            data-testid="user-custom-permissions"
            checked={custom}
            onChange={(e) => {
              setCustom(e.target.checked)
              // A new user's own set starts from their type's rights (it started with every box empty).
              if (e.target.checked && creating) setPermissions(startingPermissions(userType, setting, holder))
            }}
          />
          <span>{creating ? t('account.users.customNew') : t('account.users.customEdit')}</span>
        </label>
        {refused.length > 0 && (
          <div className="notice notice--error" role="alert" data-testid="user-refused-rights">
            <strong>{t('account.users.refused')}</strong>
            <span>
              {refused
                .map(
                  (r) =>
                    `${t(`account.modules.${r.module}`, { defaultValue: r.module })}: ${t(`account.users.actions.${r.action}`, { defaultValue: r.action })}`,
                )
                .join(', ')}
            </span>
          </div>
        )}
        {custom && <PermissionMatrix value={permissions} holder={holder} onChange={setPermissions} />}
        <p className="acct-note">{t('account.users.settingRules')}</p>
      </fieldset>
      <CancelSave
        name="user"
        saving={saving}
        onCancel={() => void onDone(false)}
        saveLabel={creating ? t('account.users.create') : t('account.save')}
      />
    </form>
  )
}
