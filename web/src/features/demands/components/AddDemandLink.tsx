import type { StoneFilter } from '@diamond/contracts/http/stock'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { allowed, session } from '../../../lib/session'
import { addDemandPath } from '../stores/demandForm.rules'
import '../../../components/stoneFilter.css'
import './demands.css'

/**
 * Spec section 8: "sorry, we have no match" with an offer to add a demand — a search that finds
 * nothing offers a buy request (a demand the sales team answers, issue 26) asking for the same
 * filter. Nothing for users without the demand right.
 */
export function NoMatchOffer({ filter }: { filter: StoneFilter }) {
  const { t } = useTranslation()
  const { userPermissions } = useSnapshot(session)
  if (!allowed(userPermissions, 'demand', 'insert')) return null
  return (
    <div className="dem-offer" data-testid="no-match-offer">
      <p>{t('demands.noMatch')}</p>
      <Link href={addDemandPath(filter)} className="btn btn--primary btn--small" data-testid="add-demand">
        {t('demands.askUs')}
      </Link>
    </div>
  )
}
