import type { MemberCard as Card } from '@diamond/contracts/http/members'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { CompanyLogo, FollowButton, Stars } from './bits'

/** One company in the directory or in my following list. */
export function MemberCard({
  company,
  onFollow,
}: {
  company: Card & { hidden?: boolean }
  onFollow: (state: { companyId: string; following: boolean; followers: number }) => void
}) {
  const { t } = useTranslation()
  const place = [company.city, company.country].filter(Boolean).join(', ')
  return (
    <article className="mem-card" data-testid="member-card" data-company={company.code}>
      <CompanyLogo name={company.name} fileId={company.logoFileId} />
      <div className="mem-card-body">
        <h2 className="mem-card-name">
          {
            // A followed company that hid itself since has no profile to open; the follow can still end here.
            company.hidden ? (
              <span dir="auto">{company.name}</span>
            ) : (
              <Link href={`/member/${company.id}`} data-testid="member-link">
                {company.name}
              </Link>
            )
          }
        </h2>
        {company.hidden && (
          <p className="mem-card-hidden" data-testid="member-hidden">
            {t('members.hiddenFollowed')}
          </p>
        )}
        <p className="mem-card-facts">
          {company.type && <span>{t(`register.businessTypes.${company.type}`, { defaultValue: company.type })}</span>}
          {place && <span dir="auto">{place}</span>}
        </p>
        {company.dealsIn && (
          <p className="mem-card-deals" dir="auto">
            {company.dealsIn}
          </p>
        )}
        <p className="mem-card-foot">
          <Stars rating={company.rating} />
          <span className="mem-followers" data-testid="followers">
            {t('members.followers', { count: company.followers })}
          </span>
        </p>
      </div>
      <div className="mem-card-actions">
        {company.mine ? (
          <span className="mem-mine">{t('members.mine')}</span>
        ) : (
          <FollowButton
            companyId={company.id}
            companyName={company.name}
            following={company.following}
            onChange={onFollow}
          />
        )}
      </div>
    </article>
  )
}
