import type { ConciergeRequest } from '@diamond/contracts/http/care'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'

const usd = (n: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n)

/** A concierge request as both sides see it: what was asked, and the answer once there is one. */
export function RequestCard({ r, staff, children }: { r: ConciergeRequest; staff?: boolean; children?: ReactNode }) {
  const { t, i18n } = useTranslation()
  const date = (s: string) => new Date(s).toLocaleDateString(i18n.language, { dateStyle: 'medium' })
  return (
    <article className="care-item care-request" data-testid={`request-${r.number}`}>
      <div className="care-item-head">
        <strong dir="ltr">{r.number}</strong>
        {staff && (
          <span>
            {r.company || r.username} · {r.username}
          </span>
        )}
        <span
          className={`acct-badge${r.status === 'answered' ? ' acct-badge--ok' : r.status === 'open' ? ' acct-badge--accent' : ''}`}
          data-testid="request-status"
        >
          {t(`care.concierge.status.${r.status}`)}
        </span>
      </div>
      <p className="care-criteria" dir="auto">
        {r.criteria}
      </p>
      <p className="srch-muted">
        {[
          r.budgetUsd !== null ? t('care.concierge.budgetIs', { budget: usd(r.budgetUsd, i18n.language) }) : null,
          r.deadline ? t('care.concierge.deadlineIs', { date: date(r.deadline) }) : null,
          t('care.concierge.askedOn', { date: date(r.createdAt) }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {r.reply && (
        <div className="care-reply" data-testid="request-reply">
          <p className="care-reply-head">
            {t('care.concierge.replyFrom', { who: r.answeredBy ?? '' })}
            {r.outcome && (
              <span className="acct-badge acct-badge--ok"> {t(`care.concierge.outcome.${r.outcome}`)}</span>
            )}
          </p>
          <p>{r.reply}</p>
          {r.outcome === 'offer' && r.stoneNumbers.length > 0 && (
            <p data-testid="request-offer">
              {t('care.concierge.offered', { count: r.stoneNumbers.length })}{' '}
              <bdi dir="ltr">{r.stoneNumbers.join(', ')}</bdi>{' '}
              <Link
                href={`/diamond-list?stones=${encodeURIComponent(r.stoneNumbers.join(','))}`}
                data-testid="request-offer-open"
              >
                {t('care.concierge.seeOffered')}
              </Link>
            </p>
          )}
          {r.outcome === 'buyRequest' && r.filter && (
            <p data-testid="request-demand">
              {t('care.concierge.demandMade')} <Link href="/account/my-demand">{t('shell.screens.myDemand')}</Link>
            </p>
          )}
        </div>
      )}
      {children}
    </article>
  )
}
