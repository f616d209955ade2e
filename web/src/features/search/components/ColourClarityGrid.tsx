import { MASTERS } from '@diamond/contracts/masters'
import { useTranslation } from 'react-i18next'
import { cellOn, type SearchForm } from '../stores/form.rules'
import { setCell, setChip } from '../stores/searchForm'
import { useSearchForm } from './useSearchForm'

/** Colours down, clarities across: the headers choose a whole row or column, a cell both at once. */
export function ColourClarityGrid() {
  const { t } = useTranslation()
  const { snap } = useSearchForm()
  const form = snap.form as SearchForm
  const colours = form.chips.colNm ?? []
  const clarities = form.chips.clrNm ?? []
  return (
    <div className="srch-grid-wrap" data-testid="colour-clarity-grid">
      <table className="srch-grid">
        <caption className="srch-label">{t('search.colourClarity')}</caption>
        <thead>
          <tr>
            <th scope="col" className="srch-grid-corner">
              <span className="visually-hidden">{t('search.fields.colNm')}</span>
            </th>
            {MASTERS.CLARITY.map((c) => (
              <th key={c} scope="col">
                <button
                  type="button"
                  className={`srch-grid-head${clarities.includes(c) ? ' is-on' : ''}`}
                  aria-pressed={clarities.includes(c)}
                  data-testid={`chip-clrNm-${c}`}
                  onClick={() => setChip('clrNm', c)}
                >
                  {c}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MASTERS.COLOR.map((col) => (
            <tr key={col}>
              <th scope="row">
                <button
                  type="button"
                  className={`srch-grid-head${colours.includes(col) ? ' is-on' : ''}`}
                  aria-pressed={colours.includes(col)}
                  data-testid={`chip-colNm-${col}`}
                  onClick={() => setChip('colNm', col)}
                >
                  {col}
                </button>
              </th>
              {MASTERS.CLARITY.map((clr) => {
                const on = cellOn(form, col, clr)
                return (
                  <td key={clr}>
                    <button
                      type="button"
                      className={`srch-grid-cell${on ? ' is-on' : ''}`}
                      aria-pressed={on}
                      aria-label={`${col} ${clr}`}
                      data-testid={`cell-${col}-${clr}`}
                      onClick={() => setCell(col, clr)}
                    />
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
