import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { fmtCount, fmtDate, fmtTime } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { uploadHistory } from '../api/inventory'
import { fmtDuration } from '../stores/inventory.rules'
import { ActingFor, InventoryFrame } from './InventoryFrame'

const LIMIT = 25
const FIGURES = ['received', 'valid', 'invalid', 'added', 'updated', 'deleted'] as const

/** The seller's uploads, newest first, each with its report (spec section 2 "history"). */
export function HistoryPage() {
  return (
    <ActingFor screen="inventoryHistory">
      <HistoryScreen />
    </ActingFor>
  )
}

function HistoryScreen() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)

  const { data, error, reload } = useRead(() => uploadHistory(page, LIMIT), [page])

  const pages = data ? Math.max(1, Math.ceil(data.count / LIMIT)) : 1
  return (
    <InventoryFrame screen="inventoryHistory">
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
        <EmptyState detail={t('inventory.history.empty')} />
      ) : (
        <>
          <div className="acct-table-wrap" role="region" tabIndex={0} aria-label={t('shell.screens.inventoryHistory')}>
            <table className="acct-table" data-testid="inv-history">
              <thead>
                <tr>
                  <th scope="col">{t('inventory.history.when')}</th>
                  <th scope="col">{t('inventory.history.file')}</th>
                  <th scope="col">{t('inventory.history.mode')}</th>
                  <th scope="col">{t('inventory.history.status')}</th>
                  {FIGURES.map((f) => (
                    <th key={f} scope="col" className="inv-num">
                      {t(`inventory.report.${f}`)}
                    </th>
                  ))}
                  <th scope="col" className="inv-num">
                    {t('inventory.report.duration')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((u) => (
                  <tr key={u.id} data-testid="inv-history-row">
                    <td>
                      {fmtDate(u.createdAt)} {fmtTime(u.createdAt)}
                    </td>
                    <td>
                      <bdi>{u.fileName}</bdi>
                    </td>
                    <td>{t(`inventory.mode.${u.mode}`)}</td>
                    <td>
                      <span className={u.status === 'committed' ? 'acct-badge acct-badge--ok' : 'acct-badge'}>
                        {t(
                          `inventory.history.state.${u.status === 'committed' ? 'committed' : u.status === 'preview' ? 'preview' : 'other'}`,
                        )}
                      </span>
                    </td>
                    {FIGURES.map((f) => (
                      <td key={f} className="inv-num">
                        {fmtCount(u.report[f])}
                      </td>
                    ))}
                    <td className="inv-num">{fmtDuration(u.report.durationMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </InventoryFrame>
  )
}
