import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { codeText } from '../../../lib/i18n'
import { openSearch } from '../stores/searchForm'
import { CaratField } from './CaratField'
import { ChipGroup } from './ChipGroup'
import { MakeFilters } from './GradePresets'
import { SearchActions, useRunSearch } from './SearchActions'
import { useSearchForm } from './useSearchForm'
import '../../../components/stoneFilter.css'
import './search.css'

/** /search-match-pair/{id?}: pairs both of whose stones pass shape, size, colour, clarity, make and lab. */
export function MatchPairSearchPage({ id }: { id?: string }) {
  const { t } = useTranslation()
  const { snap } = useSearchForm()
  const run = useRunSearch()
  useEffect(() => void openSearch('matchPair', id), [id])
  return (
    <div className="page srch-page" data-testid="screen-searchMatchPair">
      <header className="page-head">
        <h1 className="page-title">{t('shell.screens.searchMatchPair')}</h1>
      </header>
      <p className="srch-muted">{t('search.matchPairIntro')}</p>
      {snap.loadError && (
        <p className="srch-notice srch-notice--error" role="alert">
          {codeText(snap.loadError.code, snap.loadError.message)}
        </p>
      )}
      <div className="srch-form srch-form--compact">
        <section className="srch-card" aria-label={t('shell.screens.searchMatchPair')}>
          <ChipGroup chipKey="shpNm" shapes />
          <CaratField onEnter={() => void run()} />
          <ChipGroup chipKey="colNm" />
          <ChipGroup chipKey="clrNm" />
          <MakeFilters />
          <ChipGroup chipKey="lbNm" />
        </section>
        <SearchActions save={false} />
      </div>
    </div>
  )
}
