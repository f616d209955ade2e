import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearch } from 'wouter'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { EmptyState } from '../../../components/EmptyState'
import { codeText } from '../../../lib/i18n'
import { allowed, session } from '../../../lib/session'
import { useSnapshot } from 'valtio'
import { paginateStones } from '../../../grid/api/stones'
import { compareIds, differs } from '../stores/compare.rules'
import { MAX_COMPARE } from '../../../grid/stores/selection.rules'
import { COLUMN_BY_KEY } from '../../../grid/components/columns'
import '../../../grid/components/grid.css'
import { StatusBadge } from '../../../grid/components/StatusBadge'
import { live, watchStones } from '../../../lib/realtime'

/** The attributes compared, in reading order. */
const ROWS = [
  'shpNm',
  'crt',
  'colNm',
  'clrNm',
  'cutNm',
  'polNm',
  'symNm',
  'fluNm',
  'lbNm',
  'certNo',
  'locNm',
  'shdNm',
  'rap',
  'back',
  'amt',
  'ctPr',
  'depPer',
  'tblPer',
  'ratio',
  'length',
  'width',
  'height',
  'cAng',
  'cHgt',
  'pAng',
  'pHgt',
  'grdlPer',
  'girdleNm',
  'cultNm',
  'eClnNm',
  'milkyNm',
  'hANm',
  'brlncyNm',
  'blkTblNm',
  'wTblNm',
  'keyToSymbol',
] as const

type Found =
  { state: 'loading' } | { state: 'ready'; list: StoneRow[] } | { state: 'error'; code: string; message: string }

/** /compare?ids=… — up to ten stones side by side (`diamond/paginate` with an ids filter). */
export function ComparePage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const ids = compareIds(new URLSearchParams(useSearch()).get('ids'))
  const key = ids.join(',')
  /** The last read, and the ids it was for. */
  const [read, setRead] = useState<{ key: string; found: Found } | null>(null)
  const { userPermissions } = useSnapshot(session)
  const canSeePrices = allowed(userPermissions, 'pricing', 'view')
  // Taking a stone out needs no new request: the others are read already, they stay on screen.
  const have = read?.found.state === 'ready' ? read.found.list : []
  const fresh = read?.key === key
  const fromHave = !fresh && ids.every((id) => have.some((r) => r.id === id))
  const found: Found =
    read && fresh
      ? read.found
      : fromHave
        ? { state: 'ready', list: ids.map((id) => have.find((r) => r.id === id)!) }
        : { state: 'loading' }
  const mustRead = !!key && !fresh && !fromHave
  /** Raised to read the stones again (a reprice, a reconnect) while the table stays on screen. */
  const [rev, setRev] = useState(0)

  useEffect(() => {
    if (!key || (!mustRead && rev === 0)) return
    const list = key.split(',')
    let live = true
    void paginateStones({ filter: { ids: list }, page: 1, limit: list.length }).then(({ error, data }) => {
      if (!live) return
      if (error) setRead({ key, found: { state: 'error', code: error.code, message: error.message } })
      // In the order they were chosen.
      else
        setRead({
          key,
          found: {
            state: 'ready',
            list: list.map((id) => data.list.find((r) => r.id === id)).filter((r) => r !== undefined),
          },
        })
    })
    return () => {
      live = false
    }
  }, [key, mustRead, rev])

  // Live like the grid: a pushed status change shows at once (the newest version wins); a stone
  // repriced or edited, or a reconnect (pushes may have been missed), reads the stones again.
  // The server pushes only the stones a page watches: these.
  useEffect(() => {
    watchStones(key ? key.split(',') : [])
    return () => watchStones([])
  }, [key])
  useEffect(() => {
    // Read again without blanking the table: a flurry of pushes or reconnects never hides it.
    const again = () => setRev((n) => n + 1)
    const offStatus = live.on('stone.status', (st) => {
      if (st.changed || st.gone) return again()
      setRead((r) => {
        if (r?.found.state !== 'ready') return r
        const at = r.found.list.findIndex((x) => x.id === st.id)
        const shown = r.found.list[at]
        if (!shown || st.version <= shown.statusVersion) return r
        const list = [...r.found.list]
        list[at] = { ...shown, wSts: st.wSts, availability: st.availability, statusVersion: st.version }
        return { ...r, found: { state: 'ready', list } }
      })
    })
    const offConnect = live.on('connect', again)
    return () => {
      offStatus()
      offConnect()
    }
  }, [])

  function removeStone(id: string) {
    const rest = ids.filter((x) => x !== id)
    navigate(rest.length ? `/compare?ids=${rest.join(',')}` : '/compare', { replace: true })
  }

  const head = (
    <header className="page-head">
      <h1 id="page-title" className="page-title">
        {t('shell.screens.compare')}
      </h1>
      {ids.length > 0 && (
        <span className="page-ref">{t('grid.compareCount', { count: ids.length, max: MAX_COMPARE })}</span>
      )}
    </header>
  )
  let body
  if (!key) {
    body = (
      <EmptyState
        detail={t('grid.prompt.compare')}
        action={
          <Link href="/dashboard" className="btn">
            {t('notFound.back')}
          </Link>
        }
      />
    )
  } else if (found.state === 'loading') {
    body = (
      <div className="state" role="status">
        {t('common.loading')}
      </div>
    )
  } else if (found.state === 'error') {
    body = (
      <div className="state state--error" role="alert">
        <p>{codeText(found.code, found.message)}</p>
      </div>
    )
  } else if (found.list.length === 0) {
    body = <EmptyState />
  } else {
    const list = found.list
    const rows = ROWS.filter((k) => canSeePrices || !COLUMN_BY_KEY.get(k)?.price)
    body = (
      <div className="compare-scroll">
        <table className="compare" data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col" className="compare-attr">
                {t('grid.attribute')}
              </th>
              {list.map((s) => (
                <th scope="col" key={s.id} data-testid={`compare-col-${s.vStnId}`}>
                  <div className="compare-stone">
                    <Link href={`/diamond-detail/${s.id}`} dir="ltr">
                      {s.vStnId}
                    </Link>
                    <StatusBadge vStnId={s.vStnId} availability={s.availability} />
                    <button
                      type="button"
                      className="btn btn--small btn--ghost"
                      data-testid={`compare-remove-${s.vStnId}`}
                      aria-label={t('grid.removeStone', { vStnId: s.vStnId })}
                      onClick={() => removeStone(s.id)}
                    >
                      {t('grid.remove')}
                    </button>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((k) => {
              const c = COLUMN_BY_KEY.get(k)!
              const values = list.map((s) => c.value(s, t))
              return (
                <tr key={k} className={differs(values) ? 'is-diff' : ''}>
                  <th scope="row" className="compare-attr">
                    {t(c.label)}
                  </th>
                  {values.map((v, i) => (
                    <td key={list[i]!.id} className={c.numeric ? 'cell--num' : ''}>
                      {c.numeric ? <span dir="ltr">{v}</span> : v}
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    )
  }
  return (
    <section className="page compare-page" aria-labelledby="page-title" data-testid="screen-compare">
      {head}
      {body}
    </section>
  )
}
