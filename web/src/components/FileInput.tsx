import { forwardRef, useState, type ChangeEvent, type InputHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'

/** The input's own attributes (id, accept, multiple, data-testid, aria-*) go to the input; `className` to the control. */
type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string
  /** A file taken earlier (uploaded before the screen was left and opened again): named while the input holds none. */
  chosen?: string | null
}

/**
 * A file input whose button and "no file chosen" read in the app's language. The browser draws its
 * own in the browser's language, which left an English "Choose File" in a Hebrew or Arabic page. The
 * real input stays: transparent over the whole control, so a click, a tap or a dropped file reaches
 * it, keyboard focus and the field's <label> are its own, and tests set its files as before.
 */
export const FileInput = forwardRef<HTMLInputElement, Props>(function FileInput(
  { onChange, multiple, disabled, className, chosen, ...rest },
  ref,
) {
  const { t } = useTranslation()
  const [names, setNames] = useState<string[]>([])
  function change(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget
    onChange?.(e)
    // Read after the caller: one that empties the input once it has taken the files shows none.
    setNames([...(input.files ?? [])].map((f) => f.name))
  }
  return (
    <span className={`file-input${disabled ? ' is-disabled' : ''}${className ? ` ${className}` : ''}`}>
      <input ref={ref} type="file" multiple={multiple} disabled={disabled} {...rest} onChange={change} />
      <span className="btn btn--small file-input-button" aria-hidden="true">
        {t(multiple ? 'common.file.chooseMany' : 'common.file.choose')}
      </span>
      <span className="file-input-name" aria-hidden="true" dir="auto">
        {names.length === 0
          ? chosen || t('common.file.none')
          : names.length === 1
            ? names[0]
            : t('common.file.many', { n: names.length })}
      </span>
    </span>
  )
})
