import type { FocusEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { FormField, fieldProps } from '../../../components/FormField'
import { MAX_LENGTH, REQUIRED, type Field } from '../stores/register.rules'
import { blurField, register, setValue } from '../stores/register'
import './register.css'

type TextField = { [F in Field]: (typeof register.values)[F] extends string ? F : never }[Field]
type BoolField = { [F in Field]: (typeof register.values)[F] extends boolean ? F : never }[Field]

export const inputId = (field: Field) => `reg-${field}`

/**
 * Checks a field as focus leaves it, unless focus goes to one of the form's buttons: Next checks
 * the whole step anyway, and an error appearing between mouse down and up would move the button
 * away from the pointer and lose the click.
 */
export function onLeave(field: Field) {
  return (e: FocusEvent<HTMLElement>) => {
    const to = e.relatedTarget
    if (to instanceof HTMLButtonElement && !!to.form && to.form === (e.currentTarget as HTMLInputElement).form) return
    blurField(field)
  }
}

/** The translated error of a field, or null. */
function useFieldError(field: Field): string | null {
  const { t } = useTranslation()
  const { errors } = useSnapshot(register)
  const code = errors[field]
  return code ? t(`register.errors.${code}`) : null
}

/** Label (with the spec's asterisk on required fields), the control, help and the field's error. */
export function FieldFrame({ field, hint, children }: { field: Field; hint?: string; children: ReactNode }) {
  const { t } = useTranslation()
  const error = useFieldError(field)
  return (
    <FormField
      id={inputId(field)}
      label={t(`register.fields.${field}`)}
      required={REQUIRED.has(field)}
      error={error}
      help={hint}
    >
      {children}
    </FormField>
  )
}

/** What a control needs to be wired to the store: value, validity, descriptions, blur check. */
export function useControl(field: TextField, hint?: boolean) {
  const { values } = useSnapshot(register)
  const error = useFieldError(field)
  return {
    ...fieldProps(inputId(field), { error, help: hint, required: REQUIRED.has(field) }),
    name: field,
    'data-testid': inputId(field),
    value: values[field],
    onBlur: onLeave(field),
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
  const control = useControl(field, !!hint)
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

export function CheckField({ field }: { field: BoolField }) {
  const { t } = useTranslation()
  const { values } = useSnapshot(register)
  const error = useFieldError(field)
  const id = inputId(field)
  return (
    <div className={`field field--check${error ? ' is-invalid' : ''}`}>
      <label className="check">
        <input
          type="checkbox"
          {...fieldProps(id, { error, required: REQUIRED.has(field) })}
          data-testid={id}
          checked={values[field]}
          onChange={(e) => setValue(field, e.target.checked)}
          onBlur={onLeave(field)}
        />
        <span>
          {t(`register.fields.${field}`)}
          {REQUIRED.has(field) && (
            <span className="field-required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </span>
      </label>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}
