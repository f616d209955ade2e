import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { confirm } from '../../../lib/confirm'
import { fmt2, fmtCount } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { checkAmount, formatCountdown, isSealed, phaseOf, secondsUntil, type Phase } from '../stores/bid.rules'
import { ticker } from '../stores/clock'
import { addToCart, placeBid, removeFromCart, room, withdraw, type LotEntry } from '../stores/lots'
import { dateTimeText, perCarat, usdText } from '../stores/money'

/** How long an extension stays highlighted after it happens. */
const EXTENDED_FLASH_MS = 8_000

interface Props {
  entry: LotEntry
  canBid: boolean
  /** A link to the auction's room (lists of many auctions); absent inside the room. */
  roomHref?: string
}

/**
 * One lot, live: the countdown on the server's clock, the current high and bid count (open kinds),
 * my position, the least I may bid next, and the bid box. A sealed lot shows my own bid only and
 * says that nothing else is shown until the close. A card subscribes to its own entry, so a pushed
 * high re-renders this card, not the page.
 */
export function LotCard({ entry, canBid, roomHref }: Props) {
  const { t } = useTranslation()
  const { lot, pending, inCart } = useSnapshot(entry)
  const { offsetMs } = useSnapshot(room)
  const { deviceNow } = useSnapshot(ticker)
  const serverNow = deviceNow + offsetMs
  const phase = phaseOf(lot, serverNow)
  const sealed = isSealed(lot.kind)
  const v = lot.vStnId
  // A seller sees its own stones in auctions, marked, and is never offered a bid it would be refused.
  const bidder = canBid && !lot.ownStone
  const justExtended = lot.extendedAt !== null && deviceNow - lot.extendedAt < EXTENDED_FLASH_MS

  async function onCart() {
    const err = await addToCart(lot.id)
    showToast(err ? codeText(err.code, err.message) : t('bids.addedToCart'), err ? 'error' : 'success')
  }
  async function onUncart() {
    const err = await removeFromCart(lot.id)
    showToast(err ? codeText(err.code, err.message) : t('bids.removedFromCart'), err ? 'error' : 'success')
  }
  async function onWithdraw() {
    if (!(await confirm('bids.confirmWithdraw'))) return
    const err = await withdraw(lot.id)
    showToast(err ? codeText(err.code, err.message) : t('bids.withdrawn'), err ? 'error' : 'success')
  }

  return (
    <article
      className={`bid-lot bid-lot--${phase}${justExtended ? ' is-extended' : ''}`}
      data-testid={`lot-${v}`}
      data-phase={phase}
      aria-labelledby={`lot-title-${lot.id}`}
    >
      <header className="bid-lot-head">
        <div>
          <h2 className="bid-lot-title" id={`lot-title-${lot.id}`}>
            <Link href={`/diamond-detail/${lot.stoneId}`}>{v}</Link>
            <span className="bid-lot-crt bid-num">{t('bids.carat', { crt: fmt2(lot.crt) })}</span>
            {(lot.shpNm || lot.colNm || lot.clrNm) && (
              <span className="bid-lot-crt" data-testid={`lot-grades-${v}`}>
                {[lot.shpNm, lot.colNm, lot.clrNm].filter(Boolean).join(' ')}
              </span>
            )}
            {lot.ownStone && (
              <span className="bid-own-badge" data-testid={`lot-own-badge-${v}`}>
                {t('bids.ownBadge')}
              </span>
            )}
          </h2>
          <p className="bid-lot-auction" dir="auto">
            {roomHref ? <Link href={roomHref}>{lot.title}</Link> : lot.title}
          </p>
        </div>
        <span className={`bid-kind bid-kind--${lot.kind}`} title={t(`bids.kindHelp.${lot.kind}`)}>
          {t(`bids.kinds.${lot.kind}`)}
        </span>
      </header>

      <PhaseLine
        phase={phase}
        opensAt={lot.opensAt}
        closesAt={lot.closesAt}
        serverNow={serverNow}
        result={lot.resultPerCaratCents}
        vStnId={v}
      />
      {lot.extensions > 0 && phase !== 'won' && phase !== 'closed' && (
        <p className="bid-extended" role="status" data-testid={`lot-extended-${v}`}>
          {t('bids.extended', { n: fmtCount(lot.extensions), time: dateTimeText(lot.closesAt) })}
        </p>
      )}

      <dl className="bid-facts">
        {sealed ? (
          <div className="bid-facts-wide">
            <dt className="visually-hidden">{t('bids.kinds.blind')}</dt>
            <dd className="bid-sealed-note">
              {t(phase === 'won' || phase === 'closed' ? 'bids.sealedNoteClosed' : 'bids.sealedNote')}
            </dd>
          </div>
        ) : (
          <>
            <div>
              <dt>{t('bids.high')}</dt>
              <dd data-testid={`lot-high-${v}`}>
                {lot.high ? perCarat(lot.high.pricePerCaratCents) : t('bids.noBids')}
              </dd>
            </div>
            <div>
              <dt>{t('bids.bids')}</dt>
              <dd data-testid={`lot-count-${v}`}>{fmtCount(lot.high?.bidCount ?? 0)}</dd>
            </div>
            {lot.reserveMet !== null && (
              <div>
                <dt>{t('bids.reserve')}</dt>
                <dd className={lot.reserveMet ? 'is-good' : 'is-warn'}>
                  {t(
                    lot.reserveMet
                      ? 'bids.reserveMet'
                      : lot.state === 'won' || lot.state === 'closed'
                        ? 'bids.reserveUnmet'
                        : 'bids.reserveNotMet',
                  )}
                </dd>
              </div>
            )}
          </>
        )}
        <div>
          <dt>{t('bids.start')}</dt>
          <dd>{perCarat(lot.startPerCaratCents)}</dd>
        </div>
        {!sealed && (phase === 'open' || phase === 'upcoming') && (
          <div>
            <dt>{t('bids.minimum')}</dt>
            <dd data-testid={`lot-minimum-${v}`}>{perCarat(lot.minimumPerCaratCents)}</dd>
          </div>
        )}
        {lot.buyNowPerCaratCents !== null && (
          <div>
            <dt>{t('bids.buyNowPrice')}</dt>
            <dd>{perCarat(lot.buyNowPerCaratCents)}</dd>
          </div>
        )}
      </dl>

      <p
        className={`bid-position bid-position--${lot.my?.position ?? 'none'}`}
        id={`lot-position-${lot.id}`}
        tabIndex={-1}
        data-testid={`lot-position-${v}`}
        data-position={lot.my?.position ?? 'none'}
        role="status"
      >
        {lot.my ? (
          <>
            {t(`bids.position.${lot.my.position}`)}
            <span className="bid-mine" data-testid={`lot-mine-${v}`}>
              {t('bids.myBid', { price: perCarat(lot.my.pricePerCaratCents) })}
            </span>
            {/* Lost at the very price it sold for: an equal bid came first (ties go to the earliest). */}
            {lot.my.position === 'lost' && lot.resultPerCaratCents === lot.my.pricePerCaratCents && (
              <span className="bid-mine" data-testid={`lot-tie-${v}`}>
                {' '}
                {t('bids.tieLost')}
              </span>
            )}
          </>
        ) : (
          t('bids.position.none')
        )}
      </p>

      {lot.ownStone && (phase === 'open' || phase === 'upcoming') && (
        <p className="bid-own" data-testid={`lot-own-${v}`}>
          {t('bids.ownStone')}
        </p>
      )}
      {bidder && phase === 'open' && <BidBox entry={entry} />}

      <div className="bid-lot-actions">
        {bidder && phase === 'open' && sealed && lot.my && (
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={pending}
            data-testid={`withdraw-${v}`}
            onClick={() => void onWithdraw()}
          >
            {t('bids.withdraw')}
          </button>
        )}
        {bidder && !inCart && (phase === 'open' || phase === 'upcoming') && (
          <button
            type="button"
            className="btn btn--small btn--ghost"
            data-testid={`cart-${v}`}
            onClick={() => void onCart()}
          >
            {t('bids.addToCart')}
          </button>
        )}
        {bidder && inCart && (phase === 'open' || phase === 'upcoming') && (
          <button
            type="button"
            className="btn btn--small btn--ghost"
            data-testid={`uncart-${v}`}
            onClick={() => void onUncart()}
          >
            {t('bids.removeFromCart')}
          </button>
        )}
        {roomHref && (
          <Link href={roomHref} className="btn btn--small" data-testid={`room-${v}`}>
            {t('bids.openRoom')}
          </Link>
        )}
      </div>
    </article>
  )
}

function PhaseLine({
  phase,
  opensAt,
  closesAt,
  serverNow,
  result,
  vStnId,
}: {
  phase: Phase
  opensAt: string
  closesAt: string
  serverNow: number
  result: number | null
  vStnId: string
}) {
  const { t } = useTranslation()
  let text: string
  if (phase === 'upcoming') text = t('bids.opensIn', { time: formatCountdown(secondsUntil(opensAt, serverNow)) })
  else if (phase === 'open') text = t('bids.closesIn', { time: formatCountdown(secondsUntil(closesAt, serverNow)) })
  else if (phase === 'closing') text = t('bids.closing')
  else if (phase === 'won') text = t('bids.soldAt', { price: perCarat(result) })
  else text = t('bids.unsold')
  const ending = phase === 'open' && secondsUntil(closesAt, serverNow) <= 60
  return (
    <p className={`bid-phase${ending ? ' is-ending' : ''}`} data-testid={`lot-countdown-${vStnId}`}>
      <time dateTime={phase === 'upcoming' ? opensAt : closesAt}>{text}</time>
    </p>
  )
}

/**
 * The bid box: USD per carat, checked here before it is sent (more than 0, at most 2 decimals, at
 * least the minimum, not absurdly large). A just-bid-it lot adds its buy-now button.
 */
function BidBox({ entry }: { entry: LotEntry }) {
  const { t } = useTranslation()
  const { lot, pending } = useSnapshot(entry)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  // A message about my last try goes once my position moves (e.g. "you already lead" after an outbid).
  const position = lot.my?.position
  const [problemAt, setProblemAt] = useState(position)
  if (position !== problemAt) {
    setProblemAt(position)
    setProblem(null)
  }
  const sealed = isSealed(lot.kind)
  const v = lot.vStnId
  // A sealed lot's minimum is its starting price, never anything derived from other bids; a change
  // of my own sealed bid must raise it (the server refuses anything else with E_BID_NOT_RAISED).
  const minimum = sealed
    ? Math.max(lot.startPerCaratCents, lot.my?.position === 'sealed' ? lot.my.pricePerCaratCents + 1 : 0)
    : lot.minimumPerCaratCents

  async function send(cents: number) {
    setProblem(null)
    const answer = await placeBid(lot.id, cents)
    if (!answer) return
    if ('error' in answer) {
      setProblem(codeText(answer.error.code, answer.error.message))
      return
    }
    setText('')
    // A buy ends the lot and takes this box away with the focus: it goes to the lot's status then,
    // not back to the top of the page (checked once the answer's render is done, and again later
    // for a slow one).
    const refocus = () => {
      if (!document.activeElement || document.activeElement === document.body)
        document.getElementById(`lot-position-${lot.id}`)?.focus()
    }
    for (const ms of [50, 500]) setTimeout(refocus, ms)
    // The price stored, which is the buy-now price when a bid reached it, not the one typed.
    showToast(t('bids.placed', { price: perCarat(answer.bid.pricePerCaratCents) }), 'success')
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const check = checkAmount(text, minimum, usdText)
    if (!check.ok) {
      setProblem(t(check.key, check.params ?? {}))
      return
    }
    const buyNow = lot.buyNowPerCaratCents
    // The leader of an open lot does not bid against themselves (the service refuses it too); a
    // buy-now still buys.
    if (!sealed && lot.my?.position === 'leading' && !(buyNow !== null && check.cents >= buyNow)) {
      setProblem(t('errors.E_BID_LEADING'))
      return
    }
    // A typed bid at or over the buy-now price buys the stone at once: asked first, as the buy-now
    // button asks.
    if (buyNow !== null && check.cents >= buyNow && !(await confirm('bids.confirmBuyNow'))) return
    await send(check.cents)
  }

  async function onBuyNow() {
    const price = lot.buyNowPerCaratCents
    if (price === null) return
    if (!(await confirm('bids.confirmBuyNow'))) return
    await send(price)
  }

  const label = lot.my ? (sealed ? 'bids.changeSealed' : 'bids.raise') : 'bids.place'
  return (
    <form className="bid-box" onSubmit={(e) => void onSubmit(e)} noValidate>
      <label className="bid-box-label" htmlFor={`bid-${lot.id}`}>
        {t('bids.amountLabel')}
      </label>
      <div className="bid-box-row">
        <input
          id={`bid-${lot.id}`}
          className="bid-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={(minimum / 100).toFixed(2)}
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `bid-problem-${lot.id}` : undefined}
          data-testid={`bid-input-${v}`}
          onChange={(e) => {
            setText(e.target.value)
            setProblem(null)
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={pending} data-testid={`bid-submit-${v}`}>
          {t(label)}
        </button>
      </div>
      {problem && (
        <p className="bid-problem" id={`bid-problem-${lot.id}`} role="alert" data-testid={`bid-problem-${v}`}>
          {problem}
        </p>
      )}
      {lot.buyNowPerCaratCents !== null && (
        <button
          type="button"
          className="btn btn--primary bid-buy-now"
          disabled={pending}
          data-testid={`buy-now-${v}`}
          onClick={() => void onBuyNow()}
        >
          {t('bids.buyNow', { price: perCarat(lot.buyNowPerCaratCents) })}
        </button>
      )}
    </form>
  )
}
