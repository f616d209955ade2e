import type { BlockRow } from '@diamond/contracts/http/blocks'
import { BLOCK_TYPES } from '@diamond/contracts/http/blocks.values'
import type { BuyerHit } from '@diamond/contracts/http/buyers'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { confirm } from '../../../lib/confirm'
import { fmt2, fmtDate, fmtText } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { allowed, isOperator, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { createBlock, listBlocks, lookupUsers, releaseBlock, stoneByNumber } from '../api/holds'
import { HoldListPage } from './HoldListPage'
import './holds.css'

/** The desk's kinds of block: a memo to a buyer, a stone on show, a stone in the office. */
const KINDS = [BLOCK_TYPES.memo, BLOCK_TYPES.show, BLOCK_TYPES.office] as const
type DeskKind = (typeof KINDS)[number]
const KIND_KEY: Record<DeskKind, string> = { 2: 'memo', 3: 'show', 4: 'office' }

/**
 * /account/memo: stones on memo to me; the operator's staff (memo all) get the memo desk instead,
 * where stones go out on memo to a buyer (or on show, to the office) and come back.
 */
export function MemoPage() {
  const { user, userPermissions } = useSnapshot(session)
  return isOperator(user) && allowed(userPermissions, 'memo', 'all') ? <MemoDeskPage /> : <HoldListPage kind="memo" />
}

interface Desk {
  rows: BlockRow[]
  names: Map<string, BuyerHit>
}

/** Every stone out on memo, on show or in the office, newest first, with its buyer's name (auth knows names). */
async function readDesk(): Promise<Desk | { code: string; message: string }> {
  const pages = await Promise.all(KINDS.map((blockType) => listBlocks({ blockType, limit: 250 })))
  for (const p of pages) if (p.error) return p.error
  const rows = pages.flatMap((p) => p.data?.list ?? []).sort((a, b) => (a.userDate < b.userDate ? 1 : -1))
  const ids = [...new Set(rows.map((r) => r.userId))]
  const names = ids.length ? ((await lookupUsers({ ids })).data?.list ?? []) : []
  return { rows, names: new Map(names.map((n) => [n.id, n])) }
}

type FieldErrors = Partial<Record<'stone' | 'buyer' | 'memoNo', string>>

export function MemoDeskPage() {
  const { t } = useTranslation()
  const [kind, setKind] = useState<DeskKind>(BLOCK_TYPES.memo)
  const [stoneNo, setStoneNo] = useState('')
  const [buyerQ, setBuyerQ] = useState('')
  const [hits, setHits] = useState<BuyerHit[]>([])
  const [buyer, setBuyer] = useState<BuyerHit | null>(null)
  const [memoNo, setMemoNo] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)

  const [data, setData] = useState<Desk | null>(null)
  const [reads, setReads] = useState(0)
  const reload = () => setReads((n) => n + 1)
  useEffect(() => {
    let live = true
    void readDesk().then((r) => {
      if (!live) return
      if ('code' in r) showToast(codeText(r.code, r.message), 'error')
      else setData(r)
    })
    return () => {
      live = false
    }
  }, [reads])

  // The buyer is looked up as the staff member types (two letters at least), the latest answer wins.
  const q = buyerQ.trim()
  const shownHits = q.length < 2 || buyer ? [] : hits
  useEffect(() => {
    if (q.length < 2 || buyer) return
    let live = true
    const timer = setTimeout(() => {
      void lookupUsers({ q, limit: 8 }).then(({ data }) => live && setHits(data?.list ?? []))
    }, 200)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [q, buyer])

  async function submit(e: FormEvent) {
    e.preventDefault()
    const next: FieldErrors = {}
    if (!stoneNo.trim()) next.stone = t('holds.desk.required')
    if (kind === BLOCK_TYPES.memo && !buyer) next.buyer = t('holds.desk.pickBuyer')
    if (kind === BLOCK_TYPES.memo && !memoNo.trim()) next.memoNo = t('holds.desk.required')
    setErrors(next)
    if (Object.keys(next).length) return
    setBusy(true)
    const found = await stoneByNumber(stoneNo.trim())
    const stone = found.data?.list[0]
    if (!stone || stone.vStnId.toLowerCase() !== stoneNo.trim().toLowerCase()) {
      setBusy(false)
      return setErrors({ stone: t('holds.desk.noStone', { vStnId: stoneNo.trim() }) })
    }
    const { error } = await createBlock({
      id: stone.id,
      blockType: kind,
      ...(buyer ? { userId: buyer.id } : {}),
      ...(kind === BLOCK_TYPES.memo ? { memoNo: memoNo.trim() } : {}),
    })
    setBusy(false)
    if (error) {
      const fields = (error.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? []
      const memoField = fields.find((f) => f.field === 'memoNo')
      if (memoField) return setErrors({ memoNo: t('holds.desk.memoNoFormat') })
      return showToast(codeText(error.code, error.message), 'error')
    }
    showToast(t(`holds.desk.done.${KIND_KEY[kind]}`, { vStnId: stone.vStnId, buyer: buyer?.username ?? '' }), 'success')
    setStoneNo('')
    setMemoNo('')
    reload()
  }

  async function end(row: BlockRow) {
    if (!(await confirm('holds.desk.confirmEnd'))) return
    const { error } = await releaseBlock({ id: row.id })
    if (error && error.code !== 'E_NOT_FOUND') return showToast(codeText(error.code, error.message), 'error')
    showToast(t('holds.desk.ended', { vStnId: row.vStnId }), 'success')
    reload()
  }

  return (
    <div className="page acct-page memo-desk" data-testid="memo-desk">
      <h1 className="page-title">{t('holds.desk.title')}</h1>
      <p className="acct-intro">{t('holds.desk.intro')}</p>
      <form className="memo-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="memo-kinds">
          <legend>{t('holds.desk.kind')}</legend>
          {KINDS.map((k) => (
            <label key={k} className="check">
              <input
                type="radio"
                name="memo-kind"
                checked={kind === k}
                onChange={() => setKind(k)}
                data-testid={`memo-kind-${KIND_KEY[k]}`}
              />{' '}
              {t(`holds.desk.kinds.${KIND_KEY[k]}`)}
            </label>
          ))}
        </fieldset>
        <label className="memo-field">
          <span>{t('columns.stoneNo')}</span>
          <input
            dir="ltr"
            value={stoneNo}
            onChange={(e) => {
              setStoneNo(e.target.value)
              setErrors(({ stone: _, ...rest }) => rest)
            }}
            aria-invalid={errors.stone ? true : undefined}
            data-testid="memo-stone"
          />
          {errors.stone && <span className="field-error">{errors.stone}</span>}
        </label>
        <div className="memo-field memo-buyer">
          <label htmlFor="memo-buyer">
            {t(kind === BLOCK_TYPES.memo ? 'holds.desk.buyer' : 'holds.desk.buyerOptional')}
          </label>
          <input
            id="memo-buyer"
            value={buyerQ}
            autoComplete="off"
            placeholder={t('holds.desk.buyerHint')}
            onChange={(e) => {
              setBuyerQ(e.target.value)
              setBuyer(null)
            }}
            aria-invalid={errors.buyer ? true : undefined}
            data-testid="memo-buyer"
          />
          {shownHits.length > 0 && (
            <ul className="memo-hits" role="listbox" aria-label={t('holds.desk.buyer')}>
              {shownHits.map((h) => (
                <li key={h.id} role="option" aria-selected={buyer?.id === h.id}>
                  <button
                    type="button"
                    className="memo-hit"
                    data-testid={`memo-hit-${h.username}`}
                    onClick={() => {
                      setBuyer(h)
                      setBuyerQ(h.username)
                      setErrors(({ buyer: _, ...rest }) => rest)
                    }}
                  >
                    <strong>{h.username}</strong> {h.name}
                    {h.companyName && <span className="srch-muted"> · {h.companyName}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {buyer && (
            <span className="srch-muted" data-testid="memo-buyer-chosen">
              {t('holds.desk.for', { buyer: `${buyer.username}${buyer.companyName ? ` · ${buyer.companyName}` : ''}` })}
            </span>
          )}
          {errors.buyer && <span className="field-error">{errors.buyer}</span>}
        </div>
        {kind === BLOCK_TYPES.memo && (
          <label className="memo-field">
            <span>{t('holds.memoNo')}</span>
            <input
              dir="ltr"
              value={memoNo}
              maxLength={30}
              onChange={(e) => {
                setMemoNo(e.target.value)
                setErrors(({ memoNo: _, ...rest }) => rest)
              }}
              aria-invalid={errors.memoNo ? true : undefined}
              data-testid="memo-no"
            />
            {errors.memoNo && <span className="field-error">{errors.memoNo}</span>}
          </label>
        )}
        <div className="memo-submit">
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid="memo-submit">
            {t(`holds.desk.submit.${KIND_KEY[kind]}`)}
          </button>
        </div>
      </form>

      <h2 className="memo-list-title">{t('holds.desk.out')}</h2>
      {data && data.rows.length === 0 && <EmptyState textKey="holds.emptyMemo" />}
      {data && data.rows.length > 0 && (
        <div className="hold-scroll">
          <table className="hold-table" data-testid="memo-desk-list">
            <thead>
              <tr>
                <th scope="col">{t('columns.stoneNo')}</th>
                <th scope="col">{t('holds.desk.kind')}</th>
                <th scope="col">{t('holds.desk.buyer')}</th>
                <th scope="col">{t('holds.memoNo')}</th>
                <th scope="col">{t('holds.memoDate')}</th>
                <th scope="col">{t('columns.shape')}</th>
                <th scope="col" className="num">
                  {t('columns.carat')}
                </th>
                <th scope="col">{t('columns.action')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => {
                const who = data.names.get(r.userId)
                return (
                  <tr key={r.id} data-testid={`memo-row-${r.vStnId}`}>
                    <th scope="row">
                      <Link href={`/diamond-detail/${r.id}`}>{r.vStnId}</Link>
                    </th>
                    <td>{t(`holds.desk.kinds.${KIND_KEY[r.blockType as DeskKind] ?? 'memo'}`)}</td>
                    <td>{who ? who.username : '-'}</td>
                    <td dir="ltr">{fmtText(r.memoNo)}</td>
                    <td>{fmtDate(r.userDate)}</td>
                    <td>{fmtText(r.shpNm)}</td>
                    <td className="num">{fmt2(r.crt)}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn--small btn--ghost"
                        data-testid={`memo-end-${r.vStnId}`}
                        onClick={() => void end(r)}
                      >
                        {t(`holds.desk.end.${KIND_KEY[r.blockType as DeskKind] ?? 'memo'}`)}
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
