import { MAX_CARAT_RANGES } from '@diamond/contracts/http/stock.values'
import { useTranslation } from 'react-i18next'
import { RangeField } from '../../../components/RangeField'
import { ShapeIcon } from '../../../components/ShapeIcon'
import type { RangeInput } from '../../../lib/stoneFilter.rules'
import { FilterChips } from '../../../grid/components/FilterChips'
import { CHIP_VALUES, type DemandDraft, type DraftField, type EditedChip } from '../stores/demandForm.rules'

interface Props {
  draft: DemandDraft
  /** The translated problem of a field, if any. */
  message: (field: DraftField) => string | null
  onChip: (key: EditedChip, value: string) => void
  onCarat: (i: number, end: keyof RangeInput, value: string) => void
  onAddCarat: () => void
  onRemoveCarat: (i: number) => void
  onClearRest: () => void
}

/** What the demand asks for: shapes, carat ranges, colours, clarities, and any criteria it came with. */
export function DemandCriteria({ draft, message, onChip, onCarat, onAddCarat, onRemoveCarat, onClearRest }: Props) {
  const { t } = useTranslation()
  const chips = (key: EditedChip) => {
    const chosen = draft.chips[key] ?? []
    return (
      <div
        className={`srch-group${key === 'shpNm' ? ' srch-group--shapes' : ''}`}
        role="group"
        aria-labelledby={`dem-label-${key}`}
        data-testid={`demand-group-${key}`}
      >
        <span className="srch-label" id={`dem-label-${key}`}>
          {t(`search.fields.${key}`)}
        </span>
        <div className="srch-chips">
          {CHIP_VALUES[key].map((v) => {
            const on = chosen.includes(v)
            return (
              <button
                key={v}
                type="button"
                className={`srch-chip${on ? ' is-on' : ''}${key === 'shpNm' ? ' srch-chip--shape' : ''}`}
                aria-pressed={on}
                data-testid={`demand-chip-${key}-${v}`}
                onClick={() => onChip(key, v)}
              >
                {key === 'shpNm' && <ShapeIcon shape={v} />}
                <span className="srch-chip-text">{v}</span>
              </button>
            )
          })}
        </div>
      </div>
    )
  }
  const caratLabel = t('search.fields.crt')
  const restKeys = Object.keys(draft.rest)
  return (
    <fieldset
      className={`dem-criteria${message('criteria') ? ' is-invalid' : ''}`}
      aria-describedby="dem-criteria-help"
    >
      <legend className="dem-legend">{t('demands.form.criteria')}</legend>
      <p className="field-help" id="dem-criteria-help">
        {t('demands.form.criteriaHelp')}
      </p>
      {chips('shpNm')}
      <div
        className="srch-group srch-carat"
        role="group"
        aria-labelledby="dem-label-crt"
        data-testid="demand-group-crt"
      >
        <span className="srch-label" id="dem-label-crt">
          {caratLabel}
        </span>
        <div className="srch-carat-rows">
          {draft.carats.map((r, i) => (
            <div className="srch-carat-row" key={i}>
              <RangeField
                id={`dem-crt-${i}`}
                label={`${caratLabel} ${i + 1}`}
                hideLabel
                value={r}
                error={null}
                onChange={(end, v) => onCarat(i, end, v)}
                onBlur={() => {}}
              />
              {draft.carats.length > 1 && (
                <button
                  type="button"
                  className="icon-button srch-row-remove"
                  aria-label={t('demands.form.removeRange', { n: i + 1 })}
                  onClick={() => onRemoveCarat(i)}
                >
                  ×
                </button>
              )}
              {message(`crt.${i}`) && (
                <p className="field-error" role="alert" data-testid={`dem-crt-${i}-error`}>
                  {message(`crt.${i}`)}
                </p>
              )}
            </div>
          ))}
          {draft.carats.length < MAX_CARAT_RANGES && (
            <button type="button" className="link-button srch-add" onClick={onAddCarat}>
              {t('demands.form.addRange')}
            </button>
          )}
        </div>
      </div>
      {chips('colNm')}
      {chips('clrNm')}
      {restKeys.length > 0 && (
        <div className="dem-rest" data-testid="demand-rest">
          <FilterChips filter={draft.rest} label={t('demands.form.more')} />
          <button type="button" className="link-button" onClick={onClearRest}>
            {t('demands.form.clearMore')}
          </button>
        </div>
      )}
      {message('criteria') && (
        <p className="field-error" role="alert" data-testid="demand-criteria-error">
          {message('criteria')}
        </p>
      )}
    </fieldset>
  )
}
