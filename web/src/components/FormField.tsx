import type { ReactNode } from 'react'

interface Props {
  /** The id of the control inside; the label points at it, and fieldProps() gives it the rest. */
  id: string
  label: ReactNode
  required?: boolean
  /** A translated message; the field is flagged while there is one. */
  error?: string | null
  help?: ReactNode
  children: ReactNode
  className?: string
}

/** A labelled control: a required asterisk, help text and the error message under it. */
export function FormField({ id, label, required, error, help, children, className }: Props) {
  return (
    <div className={`field${error ? ' is-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {help && (
        <p className="field-help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

/** What the control inside a FormField needs: its id, the invalid flag and its descriptions. */
export function fieldProps(id: string, opts: { error?: string | null; help?: boolean; required?: boolean } = {}) {
  const describedBy = [opts.help && `${id}-help`, opts.error && `${id}-error`].filter(Boolean).join(' ')
  return {
    id,
    'aria-invalid': opts.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': opts.required || undefined,
  } as const
}
