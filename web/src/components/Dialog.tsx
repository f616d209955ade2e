import { useEffect, useId, useRef, type ReactNode } from 'react'

interface Props {
  open: boolean
  title?: string
  children: ReactNode
  /** The buttons; the first one gets the focus, or the one marked `data-autofocus`. */
  actions: ReactNode
  /** Escape or a click outside. */
  onDismiss: () => void
  testId?: string
}

/** A modal on the native <dialog>: focus stays inside, Escape closes, the page behind is inert. */
export function Dialog({ open, title, children, actions, onDismiss, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) {
      d.showModal()
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    }
    if (!open && d.open) d.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={title ? titleId : undefined}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault()
        onDismiss()
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onDismiss()
      }}
    >
      <div className="dialog-box">
        {title && (
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
        )}
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </dialog>
  )
}
