import { memo, useRef, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useVirtualizer } from '@tanstack/react-virtual'
import { fmt2, fmtCut, fmtText, fmtUsd } from '../../../lib/format'
import { stones, type StoneEntry } from '../stores/stones'
import { StatusBadge } from './StatusBadge'
import { StoneAction } from './StoneAction'

export const CARD_HEIGHT = 112

/** The narrow-screen view (spec: width at most 767): one compact card per stone, virtualized too. */
export function StoneCards({ ids, canHold }: { ids: readonly string[]; canHold: boolean }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 6,
  })
  return (
    <div className="cards" role="list" ref={scrollRef} style={{ '--card-height': `${CARD_HEIGHT}px` } as CSSProperties}>
      <div className="cards-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index]
          return id ? <StoneCard key={id} id={id} top={item.start} canHold={canHold} /> : null
        })}
      </div>
    </div>
  )
}

interface Props {
  id: string
  top: number
  canHold: boolean
}

const StoneCard = memo(function StoneCard({ id, ...rest }: Props) {
  const entry = stones.byId[id]
  return entry ? <Card entry={entry} {...rest} /> : null
})

function Card({ entry, top, canHold }: Omit<Props, 'id'> & { entry: StoneEntry }) {
  const { t } = useTranslation()
  const s = useSnapshot(entry)
  const grading = [fmtText(s.shpNm), fmt2(s.crt), fmtText(s.colNm), fmtText(s.clrNm), fmtCut(s.cutNm), fmtText(s.polNm), fmtText(s.symNm), fmtText(s.fluNm)]
  return (
    <div
      role="listitem"
      className={`card${s.flash ? ' is-flash' : ''}${s.heldByMe ? ' is-mine' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      data-testid={`stone-row-${s.vStnId}`}
      data-status={s.availability}
    >
      <div className="card-line">
        <strong className="card-id">{s.vStnId}</strong>
        <span className="card-lab">
          {fmtText(s.lbNm)} · {fmtText(s.locNm)}
        </span>
        <StatusBadge vStnId={s.vStnId} availability={s.availability} />
      </div>
      <div className="card-line card-grading">{grading.join(' · ')}</div>
      <div className="card-line">
        <span className="card-figures">
          <span>
            <small>{t('columns.amount')}</small> <span dir="ltr">{fmtUsd(s.ctPr)}</span>
          </span>
          <span>
            <small>{t('columns.pricePerCarat')}</small> <span dir="ltr">{fmtUsd(s.amt)}</span>
          </span>
          <span>
            <small>{t('columns.disc')}</small> <span dir="ltr">{fmt2(s.back)}</span>
          </span>
        </span>
        <StoneAction stone={s} canHold={canHold} />
      </div>
    </div>
  )
}
