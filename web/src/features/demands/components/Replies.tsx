import type { Demand } from '@diamond/contracts/http/demands'
import { useTranslation } from 'react-i18next'
import { fmtDateTime } from '../../../lib/format'

/** The sales team's answers to a buy request, oldest first (nothing until there is one). */
export function Replies({ demand }: { demand: Demand }) {
  const { t } = useTranslation()
  if (!demand.replies?.length) return null
  return (
    <ol className="dem-replies" data-testid="demand-replies" aria-label={t('demands.replies')}>
      {demand.replies.map((r, i) => (
        <li key={i} className="dem-reply">
          <span className="dem-reply-who">
            {t('demands.replyFrom', { name: r.author })} <time dir="ltr">{fmtDateTime(r.at)}</time>
          </span>
          <span className="dem-reply-text-shown" dir="auto">
            {r.message}
          </span>
        </li>
      ))}
    </ol>
  )
}
