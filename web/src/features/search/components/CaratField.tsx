import { MAX_CARAT_RANGES } from '@diamond/contracts/http/stock.values'
import { useTranslation } from 'react-i18next'
import { CARAT_PRESETS, caratPresetOn, type SearchForm } from '../stores/form.rules'
import { addCarat, removeCarat, setCarat, setCaratPreset, touch } from '../stores/searchForm'
import { RangeField } from '../../../components/RangeField'
import { useSearchForm } from './useSearchForm'

/** Carat: several from–to rows (up to ten) and the trade's size bands as chips. */
export function CaratField({ onEnter, presets = true }: { onEnter?: () => void; presets?: boolean }) {
  const { t } = useTranslation()
  const { snap, errors } = useSearchForm()
  const rows = snap.form.carats
  const label = t('search.fields.crt')
  return (
    <div className="srch-group srch-carat" role="group" aria-labelledby="srch-label-crt" data-testid="group-crt">
      <span className="srch-label" id="srch-label-crt">
        {label}
      </span>
      <div className="srch-carat-body">
        <div className="srch-carat-rows">
          {rows.map((r, i) => (
            <div className="srch-carat-row" key={i}>
              <RangeField
                id={`crt-${i}`}
                label={`${label} ${i + 1}`}
                hideLabel
                value={r}
                error={errors[`crt.${i}`]}
                onChange={(end, v) => setCarat(i, end, v)}
                onBlur={() => touch(`crt.${i}`)}
                onEnter={onEnter}
              />
              {rows.length > 1 && (
                <button
                  type="button"
                  className="icon-button srch-row-remove"
                  aria-label={t('search.removeRange', { n: i + 1 })}
                  data-testid={`crt-${i}-remove`}
                  onClick={() => removeCarat(i)}
                >
                  ×
                </button>
              )}
            </div>
          ))}
          {rows.length < MAX_CARAT_RANGES && (
            <button type="button" className="link-button srch-add" data-testid="crt-add" onClick={addCarat}>
              {t('search.addRange')}
            </button>
          )}
        </div>
        {presets && (
          <div className="srch-chips srch-chips--sizes" aria-label={t('search.sizes')}>
            {CARAT_PRESETS.map((p) => {
              const on = caratPresetOn(snap.form as SearchForm, p)
              return (
                <button
                  key={p.from}
                  type="button"
                  className={`srch-chip srch-chip--size${on ? ' is-on' : ''}`}
                  aria-pressed={on}
                  data-testid={`size-${p.from}-${p.to}`}
                  onClick={() => setCaratPreset(p)}
                  dir="ltr"
                >
                  {p.from}–{p.to}
                </button>
              )
            })}
          </div>
        )}
      </div>
    </div>
  )
}
