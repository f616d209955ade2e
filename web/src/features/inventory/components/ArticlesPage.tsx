import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { confirm } from '../../../lib/confirm'
import { fmtCount } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { showToast } from '../../../lib/toast'
import { deleteArticles, myArticles, type Article } from '../api/articles'
import { ArticleDialog } from './ArticleDialog'
import { ArticleCard } from './SellerArticles'
import { ActingFor, InventoryFrame } from './InventoryFrame'
import { InventorySearch } from './InventorySearch'

const LIMIT = 24

/**
 * Article management (spec section 2): the seller's jewellery, parcels and other goods, drafts too,
 * as cards (photo, name, kind, price, status); add and edit in a dialog, delete with the spec's confirm.
 */
export function ArticlesPage() {
  return (
    <ActingFor screen="inventoryArticles">
      <ArticlesScreen />
    </ActingFor>
  )
}

function ArticlesScreen() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [asked, setAsked] = useState('')
  // The article in the dialog: 'new' for one not saved yet.
  const [editing, setEditing] = useState<Article | 'new' | null>(null)

  const { data, error, reload } = useRead(() => myArticles(page, LIMIT, asked), [page, asked])

  async function remove(a: Article) {
    if (!(await confirm('confirm.delete'))) return
    const r = await deleteArticles([a.id])
    if (r.error) return showToast(codeText(r.error.code, r.error.message), 'error')
    showToast(t('inventory.articles.deleted'), 'success')
    reload()
  }

  const add = (
    <button type="button" className="btn btn--primary" onClick={() => setEditing('new')} data-testid="art-add">
      {t('inventory.articles.add')}
    </button>
  )
  const pages = data ? Math.max(1, Math.ceil(data.count / LIMIT)) : 1
  return (
    <InventoryFrame screen="inventoryArticles" actions={add}>
      <p className="acct-note">{t('inventory.articles.intro')}</p>
      <div className="inv-toolbar">
        <InventorySearch
          label={t('inventory.articles.search')}
          placeholder={t('inventory.articles.searchPlaceholder')}
          onSearch={(words) => {
            setPage(1)
            setAsked(words)
          }}
        />
      </div>
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
        <EmptyState
          detail={asked ? t('inventory.articles.noMatch') : t('inventory.articles.empty')}
          action={asked ? undefined : add}
        />
      ) : (
        <>
          <p className="srch-muted">{t('inventory.articles.count', { n: fmtCount(data.count) })}</p>
          <ul className="art-grid" data-testid="art-list">
            {data.list.map((a) => (
              <li key={a.id}>
                <ArticleCard article={a} showStatus>
                  <div className="art-card-actions">
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() => setEditing(a)}
                      data-testid="art-edit"
                    >
                      {t('inventory.articles.edit')}
                      <span className="visually-hidden"> {a.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn--small acct-danger"
                      onClick={() => void remove(a)}
                      data-testid="art-delete"
                    >
                      {t('inventory.articles.delete')}
                      <span className="visually-hidden"> {a.name}</span>
                    </button>
                  </div>
                </ArticleCard>
              </li>
            ))}
          </ul>
          <ListPager page={page} pages={pages} onPage={setPage} />
        </>
      )}
      {editing && (
        <ArticleDialog
          article={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null)
            reload()
          }}
        />
      )}
    </InventoryFrame>
  )
}
