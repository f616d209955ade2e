import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot, type Snapshot } from 'valtio'
import { Link } from 'wouter'
import type { StoneMedia } from '@diamond/contracts/http/stock'
import { fmt2, fmtText } from '../../../lib/format'
import { bookAppointmentHref } from '../../../lib/navigation'
import { allowed, isGuest, session } from '../../../lib/session'
import { remove, write } from '../../../lib/storage'
import type { StoneEntry } from '../../../grid/stores/rows'
import '../../../grid/components/grid.css'
import { MediaLinks } from './MediaLinks'
import { StatusBadge } from '../../../grid/components/StatusBadge'
import { StoneAction } from '../../../grid/components/StoneAction'
import { GRADING, INCLUSIONS, MEASUREMENTS, OTHER, PRICES, PROPORTIONS, StoneFacts } from './StoneFacts'
import { StoneImage } from './StoneImage'
import { StoneNotReady } from './StoneNotReady'
import { useStone } from './useStone'
import { countHit } from '../../../lib/analytics'
import { useStoneEntry } from '../../../grid/components/useEntry'

/**
 * /diamond-detail/:id is open to anyone (shared links). A visitor who is not signed in has the id
 * kept, so the next login comes back here (spec section 4), and sees the stone without prices.
 */
export function DiamondDetailPage({ id }: { id: string }) {
  const { t } = useTranslation()
  const { token, isTrusted, user } = useSnapshot(session)
  const signedIn = !!token && isTrusted
  useEffect(() => {
    if (signedIn) remove('detailId')
    else write('detailId', id)
  }, [id, signedIn])
  const viewed = useStone(id, signedIn && user ? user.id : null)
  // A member's view of the stone is counted (its seller sees it on the dashboard and the hit counter).
  const viewedId = viewed.state === 'ready' ? viewed.id : null
  useEffect(() => {
    if (signedIn && viewedId) countHit({ kind: 'view', stoneId: viewedId })
  }, [signedIn, viewedId])

  if (viewed.state !== 'ready') {
    return (
      <StoneNotReady
        id={id}
        viewed={viewed}
        className="detail"
        testId="screen-diamondDetail"
        title={t('shell.screens.diamondDetail')}
        action={<BackOrSignIn signedIn={signedIn} />}
      />
    )
  }
  return <Detail id={viewed.id} media={viewed.media} signedIn={signedIn} />
}

function BackOrSignIn({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation()
  return signedIn ? (
    <Link href="/dashboard" className="btn">
      {t('notFound.back')}
    </Link>
  ) : (
    <Link href="/signin" className="btn btn--primary" data-testid="placeholder-signin">
      {t('signin.submit')}
    </Link>
  )
}

function Detail({ id, media, signedIn }: { id: string; media: StoneMedia; signedIn: boolean }) {
  const { t } = useTranslation()
  const s = useStoneEntry(id)
  const { userPermissions, user } = useSnapshot(session)
  const member = signedIn && !isGuest(user)
  // Pinned in the store while shown; gone only for the moment another user's sign-in clears it.
  if (!s) return null
  const canHold = signedIn && allowed(userPermissions, 'hold', 'insert')
  const priced = PRICES.some((k) => s[k] !== undefined)
  return (
    <section className="page detail" aria-labelledby="page-title" data-testid="screen-diamondDetail">
      <header className="detail-head">
        <div>
          <h1 id="page-title" className="page-title">
            <span dir="ltr" data-testid="detail-vstnid">
              {s.vStnId}
            </span>
          </h1>
          <p className="detail-summary">
            {[
              fmtText(s.shpFullNm || s.shpNm),
              t('grid.caratUnit', { value: fmt2(s.crt) }),
              fmtText(s.isFcCol ? s.fcColDesc : s.colNm),
              fmtText(s.clrNm),
            ].join(' · ')}
          </p>
        </div>
        <div className="detail-status">
          <StatusBadge
            vStnId={s.vStnId}
            availability={s.availability}
            changed={s.flash}
            wSts={s.wSts}
            boughtByMe={s.boughtByMe}
          />
          <StoneAction stone={s} canHold={canHold} />
          <Link href={`/diamond-dna/${s.id}`} className="btn btn--small" data-testid="detail-dna">
            {t('grid.dna')}
          </Link>
          {member && allowed(userPermissions, 'office', 'insert') && (
            <Link href={bookAppointmentHref([s.id])} className="btn btn--small" data-testid="detail-book-appointment">
              {t('grid.actions.bookAppointment')}
            </Link>
          )}
          {!signedIn && <BackOrSignIn signedIn={false} />}
        </div>
      </header>
      <div className="detail-body">
        <div className="detail-media">
          <StoneImage src={media.image} alt={t('grid.imageOf', { vStnId: s.vStnId })} />
          <MediaLinks media={media} />
        </div>
        <div className="detail-facts">
          <StoneFacts
            stone={s as Snapshot<StoneEntry>}
            keys={GRADING}
            title={t('grid.sections.grading')}
            testId="detail-grading"
          />
          <StoneFacts stone={s} keys={MEASUREMENTS} title={t('grid.sections.measurements')} />
          <StoneFacts stone={s} keys={PROPORTIONS} title={t('grid.sections.proportions')} />
          <StoneFacts stone={s} keys={INCLUSIONS} title={t('grid.sections.inclusions')} />
          {priced && <StoneFacts stone={s} keys={PRICES} title={t('grid.sections.prices')} testId="detail-prices" />}
          <StoneFacts stone={s} keys={OTHER} title={t('grid.sections.other')} />
          {/* The seller's jewellery and parcels: for members (guests and visitors cannot open the page). */}
          {member && s.sellerCompanyId && s.sellerNm && (
            <p className="detail-seller">
              <Link href={`/seller/${s.sellerCompanyId}/articles`} data-testid="detail-seller-articles">
                {t('grid.sellerArticles', { company: s.sellerNm })}
              </Link>
            </p>
          )}
        </div>
      </div>
    </section>
  )
}
