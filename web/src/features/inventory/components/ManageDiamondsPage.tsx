import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { confirm } from '../../../lib/confirm'
import { fmt2, fmtCount, fmtDate, fmtUsd, fmtText } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { showToast } from '../../../lib/toast'
import { deleteStones, refreshStones, sellerStones, type ManagedStone, type Selection } from '../api/inventory'
import { LISTING_STATUSES, MANAGE_TABS, type ListingStatus, type ManageTab } from '../stores/inventory.rules'
import { EditStoneDialog } from './EditStoneDialog'
import { ActingFor, InventoryFrame } from './InventoryFrame'
import { MediaTab } from './MediaTab'
import { InventorySearch } from './InventorySearch'

const LIMIT = 50

/**
 * Manage diamonds (spec section 2): the seller's own stones in tabs diamonds, images, certificates,
 * with their listing status; edit one, delete the selected or all (spec section 5's confirm texts),
 * refresh the listing for another 7 days.
 */
export function ManageDiamondsPage() {
  return (
    <ActingFor screen="manageDiamonds">
      <ManageDiamondsScreen />
    </ActingFor>
  )
}

function ManageDiamondsScreen() {
  const { t } = useTranslation()
  const [tab, setTab] = useState<ManageTab>('diamonds')
  const [page, setPage] = useState(1)
  const [asked, setAsked] = useState('')
  const [status, setStatus] = useState<ListingStatus | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [editing, setEditing] = useState<ManagedStone | null>(null)

  const { data, error, reload } = useRead(() => sellerStones(page, LIMIT, asked, status), [page, asked, status])

  const ids = [...selected]
  const pageIds = data?.list.map((s) => s.id) ?? []
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id))

  function toggle(id: string) {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setSelected(next)
  }
  async function remove(which: Selection) {
    const r = await deleteStones(which)
    if (r.error) return showToast(codeText(r.error.code, r.error.message), 'error')
    showToast(t('inventory.manage.deleted', { n: r.data.deleted }), 'success')
    // Someone is buying these: they stay, and the seller is told why.
    if (r.data.kept.length)
      showToast(
        t('inventory.manage.keptOnDelete', {
          n: r.data.kept.length,
          stones: r.data.kept.map((k) => k.vStnId).join(', '),
        }),
        'error',
      )
    setSelected(new Set())
    reload()
  }
  async function removeSelected() {
    if (!ids.length) return showToast(t('inventory.manage.selectFirst'), 'error')
    if (await confirm('confirm.deleteStones')) await remove({ ids })
  }
  async function removeAll() {
    if (await confirm('confirm.deleteAllStones')) await remove({ all: true })
  }
  async function refresh() {
    const r = await refreshStones(ids.length ? { ids } : { all: true })
    if (r.error) return showToast(codeText(r.error.code, r.error.message), 'error')
    showToast(t('inventory.manage.refreshed', { n: r.data.refreshed }), 'success')
    reload()
  }

  const pages = data ? Math.max(1, Math.ceil(data.count / LIMIT)) : 1
  return (
    <InventoryFrame screen="manageDiamonds">
      <div className="acct-tabs" role="tablist" aria-label={t('shell.screens.manageDiamonds')}>
        {MANAGE_TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === tab}
            className={k === tab ? 'acct-tab is-active' : 'acct-tab'}
            onClick={() => setTab(k)}
            data-testid={`inv-manage-tab-${k}`}
          >
            {t(`inventory.manage.tab.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'diamonds' ? (
        <>
          <div className="inv-toolbar">
            <InventorySearch
              label={t('inventory.manage.search')}
              placeholder={t('inventory.manage.searchPlaceholder')}
              onSearch={(words) => {
                setPage(1)
                setAsked(words)
              }}
            />
            <div className="inv-toolbar-actions">
              <button type="button" className="btn btn--small" onClick={() => void refresh()} data-testid="inv-refresh">
                {ids.length
                  ? t('inventory.manage.refreshSelected', { n: ids.length })
                  : t('inventory.manage.refreshAll')}
              </button>
              <button
                type="button"
                className="btn btn--small acct-danger"
                onClick={() => void removeSelected()}
                data-testid="inv-delete-selected"
              >
                {t('inventory.manage.deleteSelected', { n: ids.length })}
              </button>
              <button
                type="button"
                className="btn btn--small acct-danger"
                disabled={!data?.count}
                onClick={() => void removeAll()}
                data-testid="inv-delete-all"
              >
                {t('inventory.manage.deleteAll')}
              </button>
            </div>
          </div>
          <div className="inv-chips" role="group" aria-label={t('inventory.manage.status')}>
            {[null, ...LISTING_STATUSES].map((st) => (
              <button
                key={st ?? 'all'}
                type="button"
                aria-pressed={status === st}
                className={status === st ? 'inv-chip is-active' : 'inv-chip'}
                onClick={() => {
                  setStatus(st)
                  setPage(1)
                }}
              >
                {st ? t(`inventory.status.${st}`) : t('inventory.manage.all')}
                {data && (
                  <span className="inv-chip-count">
                    {fmtCount(st ? (data.counts[st] ?? 0) : Object.values(data.counts).reduce((a, b) => a + b, 0))}
                  </span>
                )}
              </button>
            ))}
          </div>
          <p className="acct-note">{t('inventory.manage.expiryNote')}</p>
          {error && !data ? (
            <div className="acct-state acct-state--error" role="alert">
              <p>{codeText(error.code, error.message)}</p>
              <button type="button" className="btn" onClick={reload}>
                {t('inventory.retry')}
              </button>
            </div>
          ) : !data ? (
            <p className="acct-state">{t('common.loading')}</p>
          ) : data.list.length === 0 ? (
            <EmptyState detail={t('inventory.manage.empty')} />
          ) : (
            <>
              <p className="srch-muted">{t('inventory.manage.count', { n: fmtCount(data.count) })}</p>
              <div
                className="acct-table-wrap"
                role="region"
                tabIndex={0}
                aria-label={t('shell.screens.manageDiamonds')}
              >
                <table className="acct-table" data-testid="inv-manage-table">
                  <thead>
                    <tr>
                      <th scope="col">
                        <input
                          type="checkbox"
                          checked={allOnPage}
                          aria-label={t('inventory.manage.selectPage')}
                          onChange={() => {
                            const next = new Set(selected)
                            for (const id of pageIds) {
                              if (allOnPage) next.delete(id)
                              else next.add(id)
                            }
                            setSelected(next)
                          }}
                        />
                      </th>
                      <th scope="col">{t('inventory.field.stoneId')}</th>
                      <th scope="col">{t('inventory.manage.status')}</th>
                      <DiamondHeads />
                      <th scope="col">{t('inventory.manage.expires')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('inventory.manage.edit')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.list.map((s) => {
                      return (
                        <tr
                          key={s.id}
                          className={selected.has(s.id) ? 'is-selected' : undefined}
                          data-testid="inv-stone"
                        >
                          <td>
                            <input
                              type="checkbox"
                              checked={selected.has(s.id)}
                              onChange={() => toggle(s.id)}
                              aria-label={t('inventory.manage.select', { stoneId: s.stockNo })}
                            />
                          </td>
                          <th scope="row">
                            <bdi>{s.stockNo}</bdi>
                          </th>
                          <td>
                            <span className={`acct-badge inv-status inv-status--${s.status}`}>
                              {t(`inventory.status.${s.status}`)}
                            </span>
                          </td>
                          <DiamondCells s={s} />
                          <td>{fmtDate(s.listedUntil)}</td>
                          <td>
                            <button
                              type="button"
                              className="btn btn--small"
                              onClick={() => setEditing(s)}
                              data-testid="inv-edit"
                            >
                              {t('inventory.manage.edit')}
                              <span className="visually-hidden"> {s.stockNo}</span>
                            </button>
                          </td>
                        </tr>
                      )
                    })}
                  </tbody>
                </table>
              </div>
              <ListPager page={page} pages={pages} onPage={setPage} />
            </>
          )}
        </>
      ) : (
        <MediaTab kind={tab === 'images' ? 'photo' : 'certificate'} />
      )}
      {editing && (
        <EditStoneDialog
          stone={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            showToast(t('inventory.manage.saved'), 'success')
            reload()
          }}
        />
      )}
    </InventoryFrame>
  )
}

function DiamondHeads() {
  const { t } = useTranslation()
  return (
    <>
      {(['shape', 'carat', 'color', 'clarity', 'cut', 'polish', 'symmetry', 'fluorescence', 'lab'] as const).map(
        (f) => (
          <th key={f} scope="col">
            {t(`inventory.field.${f}`)}
          </th>
        ),
      )}
      <th scope="col" className="inv-num">
        {t('inventory.field.back')}
      </th>
      <th scope="col" className="inv-num">
        {t('inventory.field.pricePerCarat')}
      </th>
      <th scope="col" className="inv-num">
        {t('inventory.field.totalPrice')}
      </th>
    </>
  )
}

function DiamondCells({ s }: { s: ManagedStone }) {
  return (
    <>
      <td>{fmtText(s.shape)}</td>
      <td>{fmt2(s.carat)}</td>
      <td>{fmtText(s.color)}</td>
      <td>{fmtText(s.clarity)}</td>
      <td>{fmtText(s.cut)}</td>
      <td>{fmtText(s.polish)}</td>
      <td>{fmtText(s.symmetry)}</td>
      <td>{fmtText(s.fluorescence)}</td>
      <td>{fmtText(s.lab)}</td>
      <td className="inv-num">{fmt2(s.back)}</td>
      <td className="inv-num">{fmtUsd(s.pricePerCarat)}</td>
      <td className="inv-num">{fmtUsd(s.amount)}</td>
    </>
  )
}
