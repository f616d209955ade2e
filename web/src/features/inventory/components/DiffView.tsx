import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListPager } from '../../../components/ListPager'
import type { ApiError } from '../../../lib/api'
import { fmt2, fmtCount } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { uploadRows, type DiffRow, type UploadReport } from '../api/inventory'
import { DIFF_KINDS, fmtPct, reasonKey, type DiffKind } from '../stores/inventory.rules'

const LIMIT = 50

/** The upload as the screen holds it (a store snapshot: read only). */
interface Shown {
  id: string
  report: UploadReport
  invalid: readonly { row: number; stockNo: string; reasons: readonly string[] }[]
}

/** A line of a list: a row of `seller/inventory/rows`, or an invalid row the preview came with. */
type Line = Pick<DiffRow, 'row' | 'stockNo'> & {
  [K in Exclude<keyof DiffRow, 'row' | 'stockNo'>]?: DiffRow[K] extends (infer E)[] ? readonly E[] : DiffRow[K]
}

/** The count of one of the diff's lists. */
const countOf = (u: Shown, kind: DiffKind): number => u.report[kind] ?? 0

/** A reason code in the reader's language, naming the field when it is about one. */
export function ReasonText({ code }: { code: string }) {
  const { t } = useTranslation()
  const { key, field } = reasonKey(code)
  return <>{t(key, { field: field ? t(`inventory.field.${field}`) : '', code })}</>
}

/** What the upload will do, as counts that open their lists: added, updated, deleted, unchanged, kept, invalid. */
export function DiffView({ upload }: { upload: Shown }) {
  const { t } = useTranslation()
  const [kind, setKind] = useState<DiffKind>(() => DIFF_KINDS.find((k) => countOf(upload, k) > 0) ?? 'added')
  return (
    <section className="inv-card" aria-labelledby="inv-diff-title" data-testid="inv-diff">
      <h2 className="acct-section-title" id="inv-diff-title">
        {t('inventory.diff.title')}
      </h2>
      <p className="acct-note">
        {t('inventory.diff.received', { received: upload.report.received, valid: upload.report.valid })}
      </p>
      <div className="inv-diff-tabs" role="tablist" aria-label={t('inventory.diff.title')}>
        {DIFF_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`inv-tab-${k}`}
            aria-selected={k === kind}
            aria-controls="inv-diff-panel"
            className={`inv-diff-tab inv-diff-tab--${k}${k === kind ? ' is-active' : ''}`}
            onClick={() => setKind(k)}
            data-testid={`inv-diff-${k}`}
          >
            <span className="inv-diff-count">{fmtCount(countOf(upload, k))}</span>
            <span>{t(`inventory.diff.${k}`)}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id="inv-diff-panel" aria-labelledby={`inv-tab-${kind}`}>
        <p className="acct-note">{t(`inventory.diff.${kind}Help`)}</p>
        <DiffRows key={`${upload.id}:${kind}:${upload.report.received}`} upload={upload} kind={kind} />
      </div>
    </section>
  )
}

function DiffRows({ upload, kind }: { upload: Shown; kind: DiffKind }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<{ list: readonly Line[]; count: number } | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const total = countOf(upload, kind)

  useEffect(() => {
    if (total === 0) return
    let live = true
    void uploadRows(upload.id, kind, page, LIMIT).then((r) => {
      if (!live) return
      if (r.data) return setRows(r.data)
      // The invalid rows came with the preview: shown even when the list cannot be paged.
      if (kind === 'invalid' && upload.invalid.length)
        return setRows({
          list: upload.invalid.slice((page - 1) * LIMIT, page * LIMIT),
          count: upload.invalid.length,
        })
      setError(r.error)
    })
    return () => {
      live = false
    }
  }, [upload, kind, page, total])

  if (total === 0) return <p className="inv-none">{t('empty.noData')}</p>
  if (error) return <p className="inv-error">{codeText(error.code, error.message)}</p>
  if (!rows) return <p className="acct-state">{t('common.loading')}</p>
  const pages = Math.max(1, Math.ceil(rows.count / LIMIT))

  return (
    <>
      <ul className="inv-rows" data-testid={`inv-rows-${kind}`}>
        {rows.list.map((r, i) => (
          <li key={`${r.row ?? ''}:${r.stockNo}:${i}`} className="inv-row">
            <div className="inv-row-head">
              <strong className="inv-stock-no">{r.stockNo || t('inventory.diff.noStockNo')}</strong>
              {r.row !== null && <span className="srch-muted">{t('inventory.diff.row', { row: r.row })}</span>}
              {r.shape && (
                <span className="srch-muted">
                  {[r.shape, r.carat ? fmt2(r.carat) : '', r.color, r.clarity].filter(Boolean).join(' · ')}
                </span>
              )}
              {typeof r.pricePct === 'number' && (
                <span
                  className={`acct-badge ${r.pricePct < 0 ? 'inv-badge--down' : r.pricePct > 0 ? 'inv-badge--up' : ''}`}
                >
                  {t('inventory.diff.price', { pct: fmtPct(r.pricePct) })}
                </span>
              )}
              {r.keptReason && (
                <span className="acct-badge inv-badge--warn">
                  {t(`inventory.kept.${r.keptReason}`)}
                  {r.wouldBe && ` · ${t(`inventory.diff.wouldBe.${r.wouldBe}`)}`}
                </span>
              )}
            </div>
            {r.changes && r.changes.length > 0 && (
              <ul className="inv-changes">
                {r.changes.map((c) => (
                  <li key={c.field}>
                    <span className="srch-muted">{t(`inventory.field.${c.field}`, { defaultValue: c.field })}:</span>{' '}
                    <bdi>{String(c.from ?? '–')}</bdi> <span className="flip-rtl">→</span>{' '}
                    <bdi>{String(c.to ?? '–')}</bdi>
                  </li>
                ))}
              </ul>
            )}
            {r.reasons && r.reasons.length > 0 && (
              <ul className="inv-reasons">
                {r.reasons.map((c) => (
                  <li key={c}>
                    <ReasonText code={c} />
                  </li>
                ))}
              </ul>
            )}
            {r.flags && r.flags.length > 0 && (
              <ul className="inv-flags">
                {r.flags.map((c) => (
                  <li key={c}>
                    <ReasonText code={c} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <ListPager page={page} pages={pages} onPage={setPage} />
    </>
  )
}
