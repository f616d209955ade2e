import { useTranslation } from 'react-i18next'
import { ID_LISTS, INCLUSION_CHIPS, OTHER_CHIPS, PROPORTION_RANGES, TRI_BOOLS } from '../stores/form.rules'
import { setAdvancedOpen } from '../stores/searchForm'
import { ChipGroup } from './ChipGroup'
import { FilterRange } from './FilterRange'
import { IdListField } from './IdListField'
import { TriStateField } from './TriStateField'
import { useSearchForm } from './useSearchForm'

/** Every other filter of the contract, folded away until asked for. */
export function AdvancedFilters({ onEnter }: { onEnter: () => void }) {
  const { t } = useTranslation()
  const { snap } = useSearchForm()
  const open = snap.advancedOpen
  return (
    <section className="srch-card srch-advanced" aria-labelledby="srch-advanced-title">
      <h2 className="srch-card-title">
        <button
          type="button"
          id="srch-advanced-title"
          className="srch-fold"
          aria-expanded={open}
          aria-controls="srch-advanced-body"
          data-testid="advanced-toggle"
          onClick={() => setAdvancedOpen(!open)}
        >
          <span className={`srch-fold-caret${open ? ' is-open' : ''}`} aria-hidden="true">
            ▸
          </span>
          {t('search.advanced')}
        </button>
      </h2>
      {open && (
        <div id="srch-advanced-body" className="srch-advanced-body" data-testid="advanced-body">
          <h3 className="srch-subtitle">{t('search.sections.ids')}</h3>
          <div className="srch-id-lists">
            {ID_LISTS.map((k) => (
              <IdListField key={k} listKey={k} />
            ))}
          </div>
          <h3 className="srch-subtitle">{t('search.sections.proportions')}</h3>
          <div className="srch-ranges">
            {PROPORTION_RANGES.map((k) => (
              <FilterRange key={k} rangeKey={k} onEnter={onEnter} />
            ))}
          </div>
          <h3 className="srch-subtitle">{t('search.sections.inclusions')}</h3>
          <div className="srch-columns">
            {INCLUSION_CHIPS.map((k) => (
              <ChipGroup key={k} chipKey={k} />
            ))}
          </div>
          <h3 className="srch-subtitle">{t('search.sections.other')}</h3>
          <div className="srch-columns">
            {OTHER_CHIPS.map((k) => (
              <ChipGroup key={k} chipKey={k} valueLabel={k === 'availability' ? (v) => t(`status.${v}`) : undefined} />
            ))}
          </div>
          <div className="srch-tris">
            {TRI_BOOLS.map((k) => (
              <TriStateField key={k} boolKey={k} />
            ))}
          </div>
        </div>
      )}
    </section>
  )
}
