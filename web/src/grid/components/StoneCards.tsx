import { memo, useLayoutEffect, useRef, useState, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { useVirtualizer } from '@tanstack/react-virtual'
import { shownLab } from '@diamond/contracts/http/stock.values'
import { fmt2, fmtCut, fmtText, fmtUsd } from '../../lib/format'
import { useRenderCount } from '../stores/perf'
import type { PairPlace } from '../stores/query.rules'
import { toggleStone } from '../stores/selection'
import type { PageType } from '../stores/selection.rules'
import type { StoneEntry } from '../stores/rows'
import { StatusBadge } from './StatusBadge'
import { StoneAction } from './StoneAction'
import { useStoneEntry } from './useEntry'

export const CARD_HEIGHT = 120
/** The narrowest a card may be before the list drops a column (a phone's 390 px keeps one). */
export const CARD_MIN_WIDTH = 360

/** How many cards fit side by side in a list this wide: tiles on a desktop, one column on a phone. */
export function cardLanes(width: number): number {
  return Math.max(1, Math.floor(width / CARD_MIN_WIDTH))
}

interface ListProps {
  ids: readonly string[]
  canHold: boolean
  canSeePrices: boolean
  pageType: PageType
  pairs: Readonly<Record<string, PairPlace>>
}

/**
 * The list view (the spec's list view; the only view at width at most 767): one compact card per
 * stone, tiled in as many columns as the width holds, virtualized by rows of cards.
 */
export function StoneCards({ ids, pairs, ...rest }: ListProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [lanes, setLanes] = useState(1)
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const measure = () => setLanes(cardLanes(el.clientWidth))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  // As in StoneTable: unmemoised on purpose (the virtualizer re-renders the list on every scroll),
  // and the cards are memoised by hand, one per stone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 6,
    lanes,
  })
  return (
    <div
      className="cards"
      role="list"
      ref={scrollRef}
      style={{ '--card-height': `${CARD_HEIGHT}px`, '--card-lanes': lanes } as CSSProperties}
      data-testid="stone-cards"
    >
      <div className="cards-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index]
          return id ? <StoneCard key={id} id={id} top={item.start} lane={item.lane} pair={pairs[id]} {...rest} /> : null
        })}
      </div>
    </div>
  )
}

interface Props extends Omit<ListProps, 'ids' | 'pairs'> {
  id: string
  top: number
  lane: number
  pair: PairPlace | undefined
}

const StoneCard = memo(function StoneCard({ id, ...rest }: Props) {
  const entry = useStoneEntry(id)
  return entry ? <Card entry={entry} {...rest} /> : null
})

function Card({ entry, top, lane, canHold, canSeePrices, pageType, pair }: Omit<Props, 'id'> & { entry: StoneEntry }) {
  const { t } = useTranslation()
  const s = entry
  useRenderCount()
  const grading = [
    fmtText(s.shpNm),
    fmt2(s.crt),
    fmtText(s.colNm),
    fmtText(s.clrNm),
    fmtCut(s.cutNm),
    fmtText(s.polNm),
    fmtText(s.symNm),
    fmtText(s.fluNm),
  ]
  let cls = 'card'
  if (s.flash) cls += ' is-flash'
  if (s.heldByMe) cls += ' is-mine'
  if (s.selected) cls += ' is-selected'
  if (pair) cls += ` is-pair is-pair-${pair.pos}${pair.odd ? ' is-pair-odd' : ''}`
  return (
    <div
      role="listitem"
      className={cls}
      style={{ transform: `translateY(${top}px)`, '--card-lane': lane } as CSSProperties}
      data-testid={`stone-row-${s.vStnId}`}
      data-status={s.availability}
      data-selected={s.selected ? 'true' : 'false'}
    >
      <div className="card-line">
        <input
          type="checkbox"
          className="card-check"
          checked={s.selected}
          onChange={() => toggleStone(pageType, s.id)}
          aria-label={t('grid.selectStone', { vStnId: s.vStnId })}
          data-testid={`select-${s.vStnId}`}
        />
        <Link href={`/diamond-detail/${s.id}`} className="card-id" data-testid={`details-${s.vStnId}`}>
          {s.vStnId}
        </Link>
        <span className="card-lab">
          {fmtText(shownLab(s))} · {fmtText(s.locNm)}
          {pair && <span dir="ltr"> · {pair.pairNo}</span>}
        </span>
        <StatusBadge
          vStnId={s.vStnId}
          availability={s.availability}
          changed={s.flash}
          wSts={s.wSts}
          boughtByMe={s.boughtByMe}
        />
      </div>
      <div className="card-line card-grading">{grading.join(' · ')}</div>
      <div className="card-line">
        {canSeePrices ? (
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
        ) : (
          <span className="card-figures card-figures--plain">
            <span>
              <small>{t('columns.depPer')}</small> <span dir="ltr">{fmt2(s.depPer)}</span>
            </span>
            <span>
              <small>{t('columns.tblPer')}</small> <span dir="ltr">{fmt2(s.tblPer)}</span>
            </span>
            <span>
              <small>{t('columns.ratio')}</small> <span dir="ltr">{fmt2(s.ratio)}</span>
            </span>
          </span>
        )}
        <StoneAction stone={s} canHold={canHold} />
      </div>
    </div>
  )
}
