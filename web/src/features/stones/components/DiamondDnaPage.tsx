import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import type { StoneMedia } from '@diamond/contracts/http/stock'
import { shownLab } from '@diamond/contracts/http/stock.values'
import { fmt2, fmtCut, fmtText } from '../../../lib/format'
import { session } from '../../../lib/session'
import '../../../grid/components/grid.css'
import { MediaLinks } from './MediaLinks'
import { ProportionDiagram } from './ProportionDiagram'
import { StatusBadge } from '../../../grid/components/StatusBadge'
import { MEASUREMENTS, PROPORTIONS, StoneFacts } from './StoneFacts'
import { StoneImage } from './StoneImage'
import { StoneNotReady } from './StoneNotReady'
import { useStone } from './useStone'
import { useStoneEntry } from '../../../grid/components/useEntry'

/** /diamond-dna/:id — the shareable page of one stone: big picture, the 4Cs, certificate, proportions. */
export function DiamondDnaPage({ id }: { id: string }) {
  const { t } = useTranslation()
  const { token, isTrusted, user } = useSnapshot(session)
  const signedIn = !!token && isTrusted
  const viewed = useStone(id, signedIn && user ? user.id : null)
  if (viewed.state !== 'ready')
    return <StoneNotReady id={id} viewed={viewed} className="dna" testId="screen-dna" title={t('shell.screens.dna')} />
  return <Dna id={viewed.id} media={viewed.media} />
}

function Dna({ id, media }: { id: string; media: StoneMedia }) {
  const { t } = useTranslation()
  const s = useStoneEntry(id)
  if (!s) return null
  const cs: [string, string][] = [
    [t('columns.shape'), fmtText(s.shpFullNm || s.shpNm)],
    [t('columns.carat'), fmt2(s.crt)],
    [t('columns.color'), fmtText(s.isFcCol ? s.fcColDesc : s.colNm)],
    [t('columns.clarity'), fmtText(s.clrNm)],
    [t('columns.cut'), fmtCut(s.cutNm)],
  ]
  return (
    <section className="page dna" aria-labelledby="page-title" data-testid="screen-dna">
      <header className="detail-head">
        <h1 id="page-title" className="page-title">
          {t('grid.dnaOf')}{' '}
          <span dir="ltr" data-testid="dna-vstnid">
            {s.vStnId}
          </span>
        </h1>
        <div className="detail-status">
          <StatusBadge
            vStnId={s.vStnId}
            availability={s.availability}
            changed={s.flash}
            wSts={s.wSts}
            boughtByMe={s.boughtByMe}
          />
          <Link href={`/diamond-detail/${s.id}`} className="btn btn--small" data-testid="dna-detail">
            {t('grid.fullDetail')}
          </Link>
        </div>
      </header>
      <div className="dna-body">
        <div className="dna-media">
          <StoneImage src={media.image} alt={t('grid.imageOf', { vStnId: s.vStnId })} big />
          {/* The seller's own video, kept by the portal (an outside link stays a link below). */}
          {media.video.startsWith('/') && (
            <video
              className="stone-video"
              src={media.video}
              controls
              muted
              loop
              playsInline
              preload="metadata"
              aria-label={t('grid.media.video')}
              data-testid="dna-video"
            />
          )}
          <MediaLinks media={media} />
        </div>
        <div className="dna-side">
          <ul className="dna-cs" data-testid="dna-4cs">
            {cs.map(([label, value]) => (
              <li key={label}>
                <span className="dna-cs-label">{label}</span>
                <strong dir="ltr">{value}</strong>
              </li>
            ))}
          </ul>
          <p className="dna-cert">
            {t('columns.lab')} <strong>{fmtText(shownLab(s))}</strong> · {t('columns.certNo')}{' '}
            <strong dir="ltr">{fmtText(s.certNo)}</strong>
          </p>
          <ProportionDiagram
            tblPer={s.tblPer}
            depPer={s.depPer}
            cHgt={s.cHgt}
            pHgt={s.pHgt}
            cAng={s.cAng}
            pAng={s.pAng}
            grdlPer={s.grdlPer}
          />
        </div>
      </div>
      <div className="detail-facts detail-facts--row">
        <StoneFacts stone={s} keys={PROPORTIONS} title={t('grid.sections.proportions')} />
        <StoneFacts stone={s} keys={MEASUREMENTS} title={t('grid.sections.measurements')} />
      </div>
    </section>
  )
}
