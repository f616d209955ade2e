import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { moveColumn, toggleColumn } from '../stores/columns.rules'
import { setColumns } from '../stores/prefs'
import { DEFAULT_CHOICE, type Column } from './columns'

interface Props {
  /** The columns this viewer may choose from, in catalogue order. */
  catalogue: readonly Column[]
  chosen: readonly string[]
}

/**
 * Which data columns the grid shows, and in which order (kept per user). Details, Action and the
 * other columns without a checkbox in the spec are always there and not listed.
 */
export function ColumnChooser({ catalogue, chosen }: Props) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const box = useRef<HTMLDivElement>(null)
  const keys = catalogue.map((c) => c.key)
  const byKey = new Map(catalogue.map((c) => [c.key, c]))
  // The chosen ones first, in their order, then the others in catalogue order.
  const listed = [...chosen.filter((k) => byKey.has(k)), ...keys.filter((k) => !chosen.includes(k))]

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div className="chooser" ref={box}>
      <button
        type="button"
        className="btn btn--small"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="columns-button"
        onClick={() => setOpen((o) => !o)}
      >
        {t('grid.columns')}
      </button>
      {open && (
        <div
          className="chooser-panel"
          id={panelId}
          role="group"
          aria-label={t('grid.columns')}
          data-testid="columns-panel"
        >
          <div className="chooser-head">
            <strong>{t('grid.columnsTitle', { count: chosen.length })}</strong>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              data-testid="columns-default"
              onClick={() => setColumns(DEFAULT_CHOICE.filter((k) => byKey.has(k)))}
            >
              {t('grid.columnsDefault')}
            </button>
          </div>
          <ul className="chooser-list">
            {listed.map((k) => {
              const c = byKey.get(k)!
              const on = chosen.includes(k)
              const at = chosen.indexOf(k)
              return (
                <li key={k} className={on ? 'is-on' : ''}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={on && chosen.length === 1}
                      onChange={() => setColumns(toggleColumn(chosen, k, keys))}
                      data-testid={`column-toggle-${k}`}
                    />
                    <span>{t(c.label)}</span>
                  </label>
                  {on && (
                    <span className="chooser-move">
                      <button
                        type="button"
                        className="icon-btn"
                        disabled={at === 0}
                        aria-label={t('grid.moveEarlier', { column: t(c.label) })}
                        onClick={() => setColumns(moveColumn(chosen, k, -1))}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="icon-btn"
                        disabled={at === chosen.length - 1}
                        aria-label={t('grid.moveLater', { column: t(c.label) })}
                        onClick={() => setColumns(moveColumn(chosen, k, 1))}
                      >
                        ↓
                      </button>
                    </span>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </div>
  )
}
