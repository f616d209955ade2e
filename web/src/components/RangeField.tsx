import { useTranslation } from 'react-i18next'
import { NumberInput } from './NumberInput'
import type { FieldError, RangeInput } from '../lib/stoneFilter.rules'
import './stoneFilter.css'

interface Props {
  id: string
  label: string
  value: RangeInput | undefined
  error: FieldError | null | undefined
  onChange: (end: keyof RangeInput, value: string) => void
  onBlur: () => void
  onEnter?: () => void
  /** For carat rows: the label is read by screen readers only. */
  hideLabel?: boolean
}

/** A from–to pair of numbers; a bad or inverted pair is flagged on the field. */
export function RangeField({ id, label, value, error, onChange, onBlur, onEnter, hideLabel }: Props) {
  const { t } = useTranslation()
  const errorText = error ? t(`search.errors.${error}`) : null
  return (
    <div
      className={`srch-range${error ? ' is-invalid' : ''}`}
      role="group"
      aria-labelledby={`${id}-label`}
      data-testid={`range-${id}`}
    >
      <span className={hideLabel ? 'visually-hidden' : 'srch-label'} id={`${id}-label`}>
        {label}
      </span>
      <div className="srch-range-inputs">
        <NumberInput
          className="srch-input"
          step="any"
          placeholder={t('search.from')}
          aria-label={`${label} ${t('search.from')}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`${id}-from`}
          value={value?.from ?? ''}
          onChange={(e) => onChange('from', e.target.value)}
          onBlur={onBlur}
          onEnter={onEnter}
        />
        <span className="srch-range-dash" aria-hidden="true">
          –
        </span>
        <NumberInput
          className="srch-input"
          step="any"
          placeholder={t('search.to')}
          aria-label={`${label} ${t('search.to')}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`${id}-to`}
          value={value?.to ?? ''}
          onChange={(e) => onChange('to', e.target.value)}
          onBlur={onBlur}
          onEnter={onEnter}
        />
      </div>
      {errorText && (
        <p className="field-error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
          {errorText}
        </p>
      )}
    </div>
  )
}
