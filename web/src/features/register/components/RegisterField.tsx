import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { MAX_LENGTH, REQUIRED, type Field } from '../stores/register.rules'
import { blurField, register, setValue } from '../stores/register'

type TextField = { [F in Field]: (typeof register.values)[F] extends string ? F : never }[Field]

export const inputId = (field: Field) => `reg-${field}`

/** Label (with the spec's asterisk on required fields), the control, a hint and the field's error. */
export function FieldFrame({ field, hint, children, label }: { field: Field; hint?: string; children: ReactNode; label?: string }) {
  const { t } = useTranslation()
  const { errors } = useSnapshot(register)
  const error = errors[field]
  return (
    <div className={`field${error ? ' is-invalid' : ''}`} data-field={field}>
      <label htmlFor={inputId(field)}>
        {label ?? t(`register.fields.${field}`)}
        {REQUIRED.has(field) && (
          <span className="req" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children}
      {hint && !error && <small className="field-hint">{hint}</small>}
      {error && (
        <small className="field-error" id={`${inputId(field)}-error`} data-testid={`reg-error-${field}`}>
          {t(`register.errors.${error}`)}
        </small>
      )}
    </div>
  )
}

/** Common props wiring a control to the store: value, change, blur, validity, description. */
function useControl(field: TextField) {
  const { values, errors } = useSnapshot(register)
  const error = errors[field]
  return {
    id: inputId(field),
    name: field,
    'data-testid': inputId(field),
    value: values[field],
    required: REQUIRED.has(field),
    'aria-invalid': !!error,
    'aria-describedby': error ? `${inputId(field)}-error` : undefined,
    onBlur: () => blurField(field),
  }
}

interface InputProps {
  field: TextField
  type?: 'text' | 'email' | 'tel' | 'password' | 'date'
  autoComplete?: string
  hint?: string
  placeholder?: string
}

export function TextInput({ field, type = 'text', autoComplete, hint, placeholder }: InputProps) {
  const control = useControl(field)
  return (
    <FieldFrame field={field} hint={hint}>
      <input
        {...control}
        type={type}
        autoComplete={autoComplete ?? 'off'}
        placeholder={placeholder}
        maxLength={MAX_LENGTH[field]}
        dir={type === 'email' || type === 'tel' ? 'ltr' : undefined}
        onChange={(e) => setValue(field, e.target.value)}
      />
    </FieldFrame>
  )
}

/** A select over a closed list whose labels live under `register.<labels>.<value>`. */
export function ListSelect({ field, values, labels }: { field: TextField; values: readonly string[]; labels: string }) {
  const { t } = useTranslation()
  const control = useControl(field)
  return (
    <FieldFrame field={field}>
      <select {...control} onChange={(e) => setValue(field, e.target.value as never)}>
        <option value="">{t('register.select')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`register.${labels}.${v}`)}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

type BoolField = { [F in Field]: (typeof register.values)[F] extends boolean ? F : never }[Field]

export function CheckField({ field, text }: { field: BoolField; text?: string }) {
  const { t } = useTranslation()
  const { values, errors } = useSnapshot(register)
  const error = errors[field]
  return (
    <div className={`field field--check${error ? ' is-invalid' : ''}`} data-field={field}>
      <label className="check">
        <input
          type="checkbox"
          id={inputId(field)}
          data-testid={inputId(field)}
          checked={values[field]}
          aria-invalid={!!error}
          aria-describedby={error ? `${inputId(field)}-error` : undefined}
          onChange={(e) => setValue(field, e.target.checked)}
          onBlur={() => blurField(field)}
        />
        <span>
          {text ?? t(`register.fields.${field}`)}
          {REQUIRED.has(field) && (
            <span className="req" aria-hidden="true">
              {' *'}
            </span>
          )}
        </span>
      </label>
      {error && (
        <small className="field-error" id={`${inputId(field)}-error`} data-testid={`reg-error-${field}`}>
          {t(`register.errors.${error}`)}
        </small>
      )}
    </div>
  )
}
