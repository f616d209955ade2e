import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

interface Props {
  /** The button's content. */
  label: ReactNode
  /** The items; any click inside closes the menu (items are links or buttons). */
  children: ReactNode
  testId?: string
  className?: string
  /** Accessible name when the label is an icon. */
  ariaLabel?: string
}

/** A disclosure menu: a button and a panel that closes on Escape, an outside click or a choice. */
export function Menu({ label, children, testId, className, ariaLabel }: Props) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div className={`menu${className ? ` ${className}` : ''}`} ref={root}>
      <button
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <svg className="menu-caret" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" />
        </svg>
      </button>
      <div className="menu-panel" id={panelId} hidden={!open} onClick={() => setOpen(false)}>
        {children}
      </div>
    </div>
  )
}
