import type { RatingSummary } from '@diamond/contracts/http/members'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { confirm } from '../../../lib/confirm'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { useStoredImage } from '../../../lib/useStoredImage'
import { follow, unfollow } from '../api/members'
import { initials, stars } from '../stores/members.rules'

/** A company's logo, or its initials while there is none (or it is still on its way). */
export function CompanyLogo({
  name,
  fileId,
  size = 'card',
}: {
  name: string
  fileId: string | null
  size?: 'card' | 'page'
}) {
  const url = useStoredImage(fileId)
  return (
    <span className={`mem-logo mem-logo--${size}`} aria-hidden="true">
      {url ? <img src={url} alt="" /> : <span className="mem-initials">{initials(name)}</span>}
    </span>
  )
}

/** Five stars and the count, read out as "4.5 out of 5 (12 ratings)". */
export function Stars({ rating }: { rating: RatingSummary }) {
  const { t } = useTranslation()
  if (rating.count === 0)
    return (
      <span className="mem-stars mem-stars--none" data-testid="rating">
        {t('members.rating.none')}
      </span>
    )
  const s = stars(rating.average)
  const label = t('members.rating.label', { average: rating.average.toFixed(1), count: rating.count })
  return (
    <span className="mem-stars" role="img" aria-label={label} title={label} data-testid="rating">
      <span aria-hidden="true" className="mem-star-row" dir="ltr">
        {'★'.repeat(s.full)}
        {s.half && <span className="mem-star-half">★</span>}
        <span className="mem-star-empty">{'★'.repeat(s.empty)}</span>
      </span>
      <span aria-hidden="true" className="mem-stars-text">
        {rating.average.toFixed(1)} ({rating.count})
      </span>
    </span>
  )
}

interface FollowProps {
  companyId: string
  companyName: string
  following: boolean
  onChange: (state: { companyId: string; following: boolean; followers: number }) => void
}

/** Follow, or Unfollow after the question the spec asks (section 8: unfollowing is confirmed). */
export function FollowButton({ companyId, companyName, following, onChange }: FollowProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  async function toggle() {
    if (following && !(await confirm('confirm.unfollow'))) return
    setBusy(true)
    const r = following ? await unfollow(companyId) : await follow(companyId)
    setBusy(false)
    if (r.error) return showToast(codeText(r.error.code, r.error.message), 'error')
    onChange(r.data)
    showToast(t(r.data.following ? 'members.followed' : 'members.unfollowed', { company: companyName }), 'success')
  }
  return (
    <button
      type="button"
      className={`btn btn--small ${following ? 'mem-following' : 'btn--primary'}`}
      aria-pressed={following}
      disabled={busy}
      data-testid={following ? 'unfollow' : 'follow'}
      onClick={() => void toggle()}
    >
      {following ? t('members.unfollow') : t('members.follow')}
    </button>
  )
}

/** One buyer's score: its stars and "4/5". */
export function Score({ score }: { score: number }) {
  const { t } = useTranslation()
  const label = t('members.rate.stars', { count: score })
  return (
    <span className="mem-stars" role="img" aria-label={label} title={label}>
      <span aria-hidden="true" className="mem-star-row" dir="ltr">
        {'★'.repeat(score)}
        <span className="mem-star-empty">{'★'.repeat(5 - score)}</span>
      </span>
    </span>
  )
}
