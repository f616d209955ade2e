import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { useSlots } from '../../../components/Slots'
import { confirm } from '../../../lib/confirm'
import { fmt2, fmtCount, fmtDate, fmtText, fmtUsd } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { allowed, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { StatusBadge } from '../../../grid/components/StatusBadge'
import { formatCountdown, secondsLeft } from '../stores/countdown.rules'
import { followHolds, holds, loadHolds, releaseHold, type HoldEntry, type HoldKind } from '../stores/holds'
import './holds.css'

/**
 * /account/hold (my holds, each counting down to its expiry on the server's clock, with Release)
 * and /account/memo (stones on memo to me, with memo number and date). A stone released or expired
 * elsewhere leaves the list as its push arrives.
 */
export function HoldListPage({ kind }: { kind: HoldKind }) {
  const { t } = useTranslation()
  const { ids, count, load, errorCode, errorMessage } = useSnapshot(holds)
  const { userPermissions } = useSnapshot(session)
  const showPrices = allowed(userPermissions, 'pricing', 'view')
  const canRelease = kind === 'hold' && allowed(userPermissions, 'hold', 'insert')
  // A held stone is confirmed from here with a bill type (the same dialog as the grid's).
  const { ConfirmOrder } = useSlots()
  const canConfirm =
    !!ConfirmOrder &&
    kind === 'hold' &&
    allowed(userPermissions, 'order', 'insert') &&
    allowed(userPermissions, 'confirmStone', 'insert')
  const [confirming, setConfirming] = useState<string | null>(null)

  useEffect(() => followHolds(), [])
  useEffect(() => void loadHolds(kind), [kind])

  const title = t(`shell.screens.${kind}`)
  const current = holds.kind === kind
  return (
    <div className="page acct-page hold-page" data-testid={`screen-${kind}`}>
      <nav className="acct-crumbs" aria-label={t('shell.screens.account')}>
        <Link href="/account">{t('shell.screens.account')}</Link>
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
        <span>{title}</span>
      </nav>
      <div className="acct-section-head">
        <h1 className="page-title">{title}</h1>
        {current && load === 'ready' && ids.length > 0 && (
          <span className="hold-count" data-testid="hold-count">
            {t('holds.count', { shown: fmtCount(count) })}
          </span>
        )}
      </div>
      {kind === 'hold' && <p className="acct-intro">{t('holds.intro')}</p>}
      {!current || load === 'loading' || load === 'idle' ? (
        <p className="acct-state" role="status">
          {t('holds.loading')}
        </p>
      ) : load === 'error' ? (
        <div className="acct-state acct-state--error" role="alert">
          <p>{codeText(errorCode, errorMessage)}</p>
          <button type="button" className="btn" onClick={() => void loadHolds(kind)}>
            {t('stones.retry')}
          </button>
        </div>
      ) : ids.length === 0 ? (
        <EmptyState textKey={kind === 'hold' ? 'empty.hold' : 'holds.emptyMemo'} />
      ) : (
        <div className="hold-scroll">
          <table className="hold-table" data-testid={`${kind}-list`}>
            <thead>
              <tr>
                <th scope="col">{t('columns.stoneNo')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col">{t('columns.shape')}</th>
                <th scope="col" className="num">
                  {t('columns.carat')}
                </th>
                <th scope="col">{t('columns.color')}</th>
                <th scope="col">{t('columns.clarity')}</th>
                <th scope="col">{t('columns.lab')}</th>
                {showPrices && (
                  <th scope="col" className="num">
                    {t('columns.amount')}
                  </th>
                )}
                {kind === 'hold' ? (
                  <th scope="col">{t('holds.expiresIn')}</th>
                ) : (
                  <>
                    <th scope="col">{t('holds.memoNo')}</th>
                    <th scope="col">{t('holds.memoDate')}</th>
                  </>
                )}
                {(canRelease || canConfirm) && <th scope="col">{t('columns.action')}</th>}
              </tr>
            </thead>
            <tbody>
              {ids.map((id) => {
                const entry = holds.byId[id]
                return entry ? (
                  <HoldRow
                    key={id}
                    entry={entry}
                    kind={kind}
                    showPrices={showPrices}
                    canRelease={canRelease}
                    onConfirm={canConfirm ? () => setConfirming(id) : undefined}
                  />
                ) : null
              })}
            </tbody>
          </table>
        </div>
      )}
      {ConfirmOrder && (
        <ConfirmOrder
          open={confirming !== null}
          ids={confirming ? [confirming] : []}
          onClose={() => setConfirming(null)}
          onPlaced={() => void loadHolds(kind)}
        />
      )}
    </div>
  )
}

/** One stone; it subscribes to its own entry only. */
function HoldRow({
  entry,
  kind,
  showPrices,
  canRelease,
  onConfirm,
}: {
  entry: HoldEntry
  kind: HoldKind
  showPrices: boolean
  canRelease: boolean
  onConfirm?: () => void
}) {
  const { t } = useTranslation()
  const row = useSnapshot(entry)
  const id = entry.id

  async function onRelease() {
    if (!(await confirm('confirm.releaseHold'))) return
    const err = await releaseHold(id)
    if (err && err.code !== 'E_NOT_FOUND') showToast(codeText(err.code, err.message), 'error')
    else showToast(t('stones.released', { vStnId: row.vStnId }), 'success')
  }

  return (
    <tr data-testid={`hold-row-${row.vStnId}`}>
      <th scope="row">
        <Link href={`/diamond-detail/${row.id}`}>{row.vStnId}</Link>
      </th>
      <td>
        <StatusBadge vStnId={row.vStnId} availability={row.availability} />
      </td>
      <td>{fmtText(row.shpNm)}</td>
      <td className="num">{fmt2(row.crt)}</td>
      <td>{fmtText(row.colNm)}</td>
      <td>{fmtText(row.clrNm)}</td>
      <td>{fmtText(row.lbNm)}</td>
      {showPrices && <td className="num">{fmtUsd(row.ctPr)}</td>}
      {kind === 'hold' ? (
        <td>{row.expiresAt ? <Countdown vStnId={row.vStnId} expiresAt={row.expiresAt} /> : '-'}</td>
      ) : (
        <>
          <td>{fmtText(row.memoNo)}</td>
          <td>{fmtDate(row.userDate)}</td>
        </>
      )}
      {(canRelease || onConfirm) && (
        <td>
          <div className="hold-actions">
            {onConfirm && (
              <button
                type="button"
                className="btn btn--small btn--primary"
                data-testid={`confirm-${row.vStnId}`}
                disabled={row.pending}
                onClick={onConfirm}
              >
                {t('grid.actions.confirm')}
              </button>
            )}
            {canRelease && (
              <button
                type="button"
                className="btn btn--small btn--ghost"
                data-testid={`release-${row.vStnId}`}
                disabled={row.pending}
                onClick={() => void onRelease()}
              >
                {t('stones.release')}
              </button>
            )}
          </div>
        </td>
      )}
    </tr>
  )
}

/** Time left on the hold by the server's clock, ticking each second. */
function Countdown({ vStnId, expiresAt }: { vStnId: string; expiresAt: string }) {
  const { t } = useTranslation()
  const { offsetMs } = useSnapshot(holds)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const left = secondsLeft(expiresAt, now, offsetMs)
  return (
    <time
      className={`hold-countdown${left < 60 ? ' is-ending' : ''}`}
      dateTime={expiresAt}
      data-testid={`countdown-${vStnId}`}
      aria-label={t('holds.expiresInLabel', { time: formatCountdown(left) })}
    >
      {left > 0 ? formatCountdown(left) : t('holds.expiring')}
    </time>
  )
}
