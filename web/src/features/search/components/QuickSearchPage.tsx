import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { quickSearchPath } from '../stores/form.rules'
import { openSearch } from '../stores/searchForm'
import { CaratField } from './CaratField'
import { ChipGroup } from './ChipGroup'
import { ColourClarityGrid } from './ColourClarityGrid'
import { SearchActions, useRunSearch } from './SearchActions'
import '../../../components/stoneFilter.css'
import './search.css'

/** The contract's longest quick-search text. */
const QUICK_MAX = 4000

/**
 * /quick-search: one box for stone or report numbers or words like "1.01 round G VS1" (the result
 * page reads them), and a compact shape, carat and colour × clarity search with the live count.
 */
export function QuickSearchPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const run = useRunSearch()
  useEffect(() => void openSearch('quick'), [])

  function go() {
    const trimmed = text.trim()
    if (!trimmed) return setError(t('search.quick.required'))
    if (trimmed.length > QUICK_MAX) return setError(t('search.quick.tooLong', { max: QUICK_MAX }))
    navigate(quickSearchPath(trimmed))
  }

  return (
    <div className="page srch-page srch-page--quick" data-testid="screen-quickSearch">
      <header className="page-head">
        <h1 className="page-title">{t('shell.screens.quickSearch')}</h1>
      </header>
      <form
        className="srch-card srch-quick"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          go()
        }}
      >
        <label className="srch-label" htmlFor="quick-text">
          {t('search.quick.label')}
        </label>
        <div className={`srch-quick-row${error ? ' is-invalid' : ''}`}>
          <textarea
            id="quick-text"
            className="srch-textarea"
            rows={2}
            placeholder={t('search.quick.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'quick-text-error' : 'quick-text-help'}
            data-testid="quick-text"
            value={text}
            onChange={(e) => {
              setText(e.target.value)
              setError(null)
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault()
                go()
              }
            }}
          />
          <button type="submit" className="btn btn--primary" data-testid="quick-submit">
            {t('search.search')}
          </button>
        </div>
        {error ? (
          <p className="field-error" id="quick-text-error" role="alert" data-testid="quick-text-error">
            {error}
          </p>
        ) : (
          <p className="field-help" id="quick-text-help">
            {t('search.quick.help')}
          </p>
        )}
      </form>
      <div className="srch-form srch-form--compact">
        <section className="srch-card" aria-labelledby="srch-compact-title">
          <h2 className="srch-card-title" id="srch-compact-title">
            {t('search.quick.compact')}
          </h2>
          <ChipGroup chipKey="shpNm" shapes />
          <CaratField onEnter={() => void run()} presets={false} />
          <ColourClarityGrid />
        </section>
        <SearchActions save={false} />
      </div>
    </div>
  )
}
