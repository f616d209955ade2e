import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { fmtDate } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { sellerMedia, type MediaKind } from '../api/inventory'
import { fmtBytes } from '../stores/inventory.rules'
import { InventorySearch } from './InventorySearch'

const LIMIT = 50

/** The manage screen's images and certificates tabs: the seller's files of one kind, each with its stone. */
export function MediaTab({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [asked, setAsked] = useState('')

  const { data, error } = useRead(() => sellerMedia(kind, page, LIMIT, asked), [kind, page, asked])

  const pages = data ? Math.max(1, Math.ceil(data.count / LIMIT)) : 1
  return (
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
        <Link href="/inventory/media" className="btn btn--small">
          {t('shell.screens.mediaUpload')}
        </Link>
      </div>
      {error ? (
        <p className="acct-state acct-state--error" role="alert">
          {codeText(error.code, error.message)}
        </p>
      ) : !data ? (
        <p className="acct-state">{t('common.loading')}</p>
      ) : data.list.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <div className="acct-table-wrap" role="region" tabIndex={0} aria-label={t(`inventory.media.kind.${kind}`)}>
            <table className="acct-table" data-testid={`inv-media-${kind}`}>
              <thead>
                <tr>
                  <th scope="col">{t('inventory.field.stoneId')}</th>
                  <th scope="col">{t('inventory.field.certNo')}</th>
                  <th scope="col">{t('inventory.media.cols.file')}</th>
                  <th scope="col" className="inv-num">
                    {t('inventory.media.cols.size')}
                  </th>
                  <th scope="col">{t('inventory.media.cols.added')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">
                      <bdi>{m.stockNo}</bdi>
                    </th>
                    <td>{m.certNo || '-'}</td>
                    <td>
                      <a href={m.url} target="_blank" rel="noopener noreferrer">
                        <bdi>{m.link ? t('inventory.media.cols.link') : m.fileName}</bdi>
                      </a>
                    </td>
                    <td className="inv-num">{m.link ? '-' : fmtBytes(m.size)}</td>
                    <td>{fmtDate(m.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </>
  )
}
