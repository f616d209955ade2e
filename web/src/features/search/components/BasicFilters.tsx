import { useTranslation } from 'react-i18next'
import { PRICE_RANGES, type SearchKind } from '../stores/form.rules'
import { CaratField } from './CaratField'
import { ChipGroup } from './ChipGroup'
import { FilterRange } from './FilterRange'
import { MakeFilters } from './GradePresets'
import { useSearchForm } from './useSearchForm'

/** Shape, carat, colour (white or fancy), clarity, make, and the rest of the everyday filters. */
export function BasicFilters({ kind, onEnter }: { kind: SearchKind; onEnter: () => void }) {
  const { t } = useTranslation()
  const { pricing } = useSearchForm()
  return (
    <section className="srch-card" aria-labelledby="srch-basic-title">
      <h2 className="srch-card-title" id="srch-basic-title">
        {t('search.basic')}
      </h2>
      <ChipGroup chipKey="shpNm" shapes />
      <CaratField onEnter={onEnter} />
      {kind === 'fancy' ? (
        <>
          <ChipGroup chipKey="fcColNm" />
          <ChipGroup chipKey="fcIntNm" />
          <ChipGroup chipKey="fcOvtNm" />
        </>
      ) : (
        <ChipGroup chipKey="colNm" />
      )}
      <ChipGroup chipKey="clrNm" />
      <MakeFilters />
      <ChipGroup chipKey="fluNm" />
      <ChipGroup chipKey="lbNm" />
      <ChipGroup chipKey="shdNm" />
      <ChipGroup chipKey="locNm" />
      {pricing && (
        <div className="srch-ranges" data-testid="price-filters">
          {PRICE_RANGES.map((k) => (
            <FilterRange key={k} rangeKey={k} onEnter={onEnter} />
          ))}
        </div>
      )}
    </section>
  )
}
