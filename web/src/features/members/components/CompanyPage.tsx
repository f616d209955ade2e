import type { FacilityPublic } from '@diamond/contracts/http/facilities'
import type { CompanyPublic, FollowState } from '@diamond/contracts/http/members'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { fmtCount, fmtDate } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { useStoredImage } from '../../../lib/useStoredImage'
import { listReviews, viewCompany } from '../api/members'
import { linkText, pagesOf } from '../stores/members.rules'
import { CompanyLogo, FollowButton, Score, Stars } from './bits'
import './members.css'

const REVIEWS_LIMIT = 10

/** `/member/:companyId`: a company's profile, its members, rating and reviews; follow or unfollow it. */
export function CompanyPage({ companyId }: { companyId: string }) {
  const { t } = useTranslation()
  const { data, error, reload } = useRead(() => viewCompany(companyId), [companyId])
  const [followed, setFollowed] = useState<FollowState | null>(null)
  if (error) {
    // An address whose id is no company id at all (a mistyped link) is as not found as a gone one:
    // asking again cannot help.
    const code = error.code === 'E_VALIDATION' ? 'E_NOT_FOUND' : error.code
    return (
      <div className="page acct-page mem-page" data-testid="screen-member">
        <h1 className="page-title">{t('shell.screens.member')}</h1>
        <div className="empty" role="alert">
          <p>{code === error.code ? codeText(error.code, error.message) : codeText(code, '')}</p>
          {code !== 'E_NOT_FOUND' && (
            <button type="button" className="btn btn--small" onClick={reload}>
              {t('stones.retry')}
            </button>
          )}
        </div>
      </div>
    )
  }
  if (!data)
    return (
      <div className="page acct-page mem-page" data-testid="screen-member" aria-busy="true">
        <p>{t('common.loading')}</p>
      </div>
    )
  const c: CompanyPublic = followed ? { ...data, following: followed.following, followers: followed.followers } : data
  return <Profile c={c} onFollow={setFollowed} />
}

function Profile({ c, onFollow }: { c: CompanyPublic; onFollow: (s: FollowState) => void }) {
  const { t } = useTranslation()
  const cover = useStoredImage(c.coverFileId)
  const place = [c.city, c.country].filter(Boolean).join(', ')
  return (
    <div className="page acct-page mem-page mem-profile" data-testid="screen-member">
      <div className="mem-cover" style={cover ? { backgroundImage: `url(${cover})` } : undefined} />
      <header className="mem-head">
        <CompanyLogo name={c.name} fileId={c.logoFileId} size="page" />
        <div className="mem-head-text">
          <h1 className="page-title" data-testid="company-name">
            {c.name}
          </h1>
          <p className="mem-card-facts">
            <span dir="ltr">{c.code}</span>
            {c.type && <span>{t(`register.businessTypes.${c.type}`, { defaultValue: c.type })}</span>}
            {place && <span dir="auto">{place}</span>}
          </p>
          <p className="mem-card-foot">
            <Stars rating={c.rating} />
            <span className="mem-followers" data-testid="followers">
              {t('members.followers', { count: c.followers })}
            </span>
          </p>
        </div>
        <div className="mem-head-actions">
          {c.mine ? (
            <Link className="btn btn--small" href="/account/company-profile">
              {t('members.profile.edit')}
            </Link>
          ) : (
            <FollowButton companyId={c.id} companyName={c.name} following={c.following} onChange={onFollow} />
          )}
        </div>
      </header>
      {c.mine && !c.isPublic && (
        <p className="acct-note" data-testid="company-hidden">
          {t('members.profile.hidden')}
        </p>
      )}
      <div className="mem-columns">
        <section className="mem-section" aria-labelledby="mem-about">
          <h2 id="mem-about" className="acct-section-title">
            {t('members.profile.about')}
          </h2>
          {c.description && (
            <p className="mem-text" dir="auto">
              {c.description}
            </p>
          )}
          <dl className="mem-facts">
            {c.dealsIn && <Fact label={t('members.profile.dealsIn')} value={c.dealsIn} />}
            {c.foundedYear !== null && <Fact label={t('members.profile.founded')} value={String(c.foundedYear)} />}
            {c.size && (
              <Fact label={t('members.profile.size')} value={t('account.company.people', { range: c.size })} />
            )}
            {c.headquarters && <Fact label={t('members.profile.headquarters')} value={c.headquarters} />}
            {c.manufacturing && <Fact label={t('members.profile.manufacturing')} value={c.manufacturing} />}
            {c.locations.length > 0 && <Fact label={t('members.profile.locations')} value={c.locations.join(' · ')} />}
            {c.website && (
              <div className="mem-fact">
                <dt>{t('members.profile.website')}</dt>
                <dd dir="ltr">
                  <a
                    href={/^https?:\/\//.test(c.website) ? c.website : `https://${c.website}`}
                    rel="noopener noreferrer nofollow"
                    target="_blank"
                  >
                    {c.website}
                  </a>
                </dd>
              </div>
            )}
            {c.socialLinks.length > 0 && (
              <div className="mem-fact">
                <dt>{t('members.profile.social')}</dt>
                <dd>
                  <ul className="mem-links">
                    {c.socialLinks.map((l) => (
                      <li key={l.url}>
                        <a href={l.url} rel="noopener noreferrer nofollow" target="_blank" dir="ltr">
                          {t(`members.platforms.${l.platform}`)}: {linkText(l)}
                        </a>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
          </dl>
          <p className="mem-more">
            <Link
              href={`/diamond-list?seller=${encodeURIComponent(c.id)}&name=${encodeURIComponent(c.name)}`}
              data-testid="company-stock"
            >
              {t('members.profile.stock')}
            </Link>
            <Link href={`/seller/${c.id}/articles`} data-testid="company-articles">
              {t('members.profile.articles')}
            </Link>
          </p>
        </section>
        <section className="mem-section" aria-labelledby="mem-members">
          <h2 id="mem-members" className="acct-section-title">
            {t('members.profile.members')}
          </h2>
          {c.members.length === 0 ? (
            <p className="mem-text">{t('members.profile.noMembers')}</p>
          ) : (
            <ul className="mem-people" data-testid="company-members">
              {c.members.map((m) => (
                <li key={m.id} className="mem-person">
                  <strong dir="auto">{m.name}</strong>
                  {m.designation && <span dir="auto">{m.designation}</span>}
                  {m.country && <span dir="auto">{m.country}</span>}
                  {m.email && (
                    <a href={`mailto:${m.email}`} dir="ltr">
                      {m.email}
                    </a>
                  )}
                  {m.mobile && <span dir="ltr">{m.mobile}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {c.facilities.length > 0 && <Facilities list={c.facilities} />}
      <Reviews companyId={c.id} />
    </div>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="mem-fact">
      <dt>{label}</dt>
      <dd dir="auto">{value}</dd>
    </div>
  )
}

/** The company's public manufacturing facilities (My account → Manufacturing): where, what, how many people and carats. */
function Facilities({ list }: { list: FacilityPublic[] }) {
  const { t } = useTranslation()
  return (
    <section className="mem-section" aria-labelledby="mem-facilities" data-testid="company-facilities">
      <h2 id="mem-facilities" className="acct-section-title">
        {t('facilities.profileTitle')}
      </h2>
      <ul className="mem-facilities">
        {list.map((f) => (
          <li key={f.id} className="mem-facility" data-testid="company-facility">
            <strong>
              <bdi>{f.name}</bdi>
            </strong>
            <span>
              <bdi>{[f.city, f.country].join(', ')}</bdi>
            </span>
            <span>{f.activities.map((a) => t(`facilities.activities.${a}`)).join(' · ')}</span>
            <span>
              {t('facilities.fields.workers')}: {fmtCount(f.workers)}
              {f.monthlyCapacityCt !== null && (
                <> · {t('facilities.carats', { value: fmtCount(f.monthlyCapacityCt) })}</>
              )}
            </span>
            {f.certifications && (
              <span className="mem-facility-certs">
                <bdi>{f.certifications}</bdi>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

function Reviews({ companyId }: { companyId: string }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const { data } = useRead(() => listReviews(companyId, page, REVIEWS_LIMIT), [companyId, page])
  return (
    <section className="mem-section" aria-labelledby="mem-reviews" data-testid="company-reviews">
      <h2 id="mem-reviews" className="acct-section-title">
        {t('members.profile.reviews')} {data && <Stars rating={data.rating} />}
      </h2>
      {data && data.list.length === 0 && <EmptyState textKey="members.profile.noReviews" />}
      {data && data.list.length > 0 && (
        <ul className="mem-reviews">
          {data.list.map((r, i) => (
            <li key={`${r.createdAt}-${i}`} className="mem-review" data-testid="review">
              <Score score={r.score} />
              {r.comment && (
                <p className="mem-text" dir="auto">
                  {r.comment}
                </p>
              )}
              <p className="mem-review-by">
                <span dir="auto">
                  {
                    // No company shown (none, or a hidden one): the name alone, without a dangling comma.
                    r.raterCompany
                      ? t('members.profile.reviewBy', { name: r.raterName, company: r.raterCompany })
                      : r.raterName
                  }
                </span>
                <span>{fmtDate(r.createdAt)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && <ListPager page={page} pages={pagesOf(data.count, REVIEWS_LIMIT)} onPage={setPage} />}
    </section>
  )
}
