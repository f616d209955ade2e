import { useTranslation } from 'react-i18next'
import type { TriBool } from '../stores/form.rules'
import { setBool } from '../stores/searchForm'
import { useSearchForm } from './useSearchForm'

const CHOICES = [
  { id: 'any', value: undefined },
  { id: 'yes', value: true },
  { id: 'no', value: false },
] as const

/** A yes/no filter with a third choice, "any", which sends nothing. */
export function TriStateField({ boolKey }: { boolKey: TriBool }) {
  const { t } = useTranslation()
  const { snap } = useSearchForm()
  const current = snap.form.bools[boolKey]
  return (
    <fieldset className="srch-tri" data-testid={`tri-${boolKey}`}>
      <legend className="srch-label">{t(`search.fields.${boolKey}`)}</legend>
      <div className="srch-segments">
        {CHOICES.map((c) => (
          <label key={c.id} className={`srch-segment${current === c.value ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={`tri-${boolKey}`}
              className="visually-hidden"
              checked={current === c.value}
              data-testid={`tri-${boolKey}-${c.id}`}
              onChange={() => setBool(boolKey, c.value)}
            />
            {t(`search.tri.${c.id}`)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
