import { useTranslation } from 'react-i18next'
import { GRADE_PRESETS, gradePresetOn, type GradePreset, type SearchForm } from '../stores/form.rules'
import { setGradePreset } from '../stores/searchForm'
import { ChipGroup } from './ChipGroup'
import { useSearchForm } from './useSearchForm'

/** "3EX" and "3VG+": cut, polish and symmetry in one press. */
export function GradePresets() {
  const { t } = useTranslation()
  const { snap } = useSearchForm()
  return (
    <div className="srch-presets" role="group" aria-label={t('search.gradePresets')}>
      {(Object.keys(GRADE_PRESETS) as GradePreset[]).map((p) => {
        const on = gradePresetOn(snap.form as SearchForm, p)
        return (
          <button
            key={p}
            type="button"
            className={`srch-chip srch-chip--preset${on ? ' is-on' : ''}`}
            aria-pressed={on}
            data-testid={`preset-${p}`}
            onClick={() => setGradePreset(p)}
          >
            {p}
          </button>
        )
      })}
    </div>
  )
}

/** The make: the presets, then cut, polish and symmetry one by one. */
export function MakeFilters() {
  return (
    <div className="srch-make">
      <GradePresets />
      <ChipGroup chipKey="cutNm" />
      <ChipGroup chipKey="polNm" />
      <ChipGroup chipKey="symNm" />
    </div>
  )
}
