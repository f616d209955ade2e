import type { KeyboardEvent } from 'react'

/**
 * A row of tabs (role tablist): the chosen one selected and in the tab order, arrow keys moving
 * between them in reading direction (mirrored right to left), Home and End to the ends.
 */
export function TabList<T extends string>({
  tabs,
  current,
  onChange,
  label,
  text,
  testId,
}: {
  tabs: readonly T[]
  current: T
  onChange: (tab: T) => void
  /** The list's accessible name. */
  label: string
  text: (tab: T) => string
  /** Each tab's test id: `${testId}-${tab}`. */
  testId: string
}) {
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = tabs.indexOf(current)
    const rtl = document.documentElement.dir === 'rtl'
    const step = e.key === 'ArrowRight' ? (rtl ? -1 : 1) : e.key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0
    const next = step
      ? (i + step + tabs.length) % tabs.length
      : e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? tabs.length - 1
          : -1
    if (next < 0) return
    e.preventDefault()
    onChange(tabs[next]!)
    requestAnimationFrame(() => document.getElementById(`${testId}-${tabs[next]!}`)?.focus())
  }
  return (
    <div className="acct-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((id) => (
        <button
          key={id}
          id={`${testId}-${id}`}
          type="button"
          role="tab"
          className={`acct-tab${id === current ? ' is-active' : ''}`}
          aria-selected={id === current}
          tabIndex={id === current ? 0 : -1}
          data-testid={`${testId}-${id}`}
          onClick={() => onChange(id)}
        >
          {text(id)}
        </button>
      ))}
    </div>
  )
}
