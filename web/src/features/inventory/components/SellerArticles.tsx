import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import type { ApiError } from '../../../lib/api'
import { fmtUsd } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { sellerArticles, type Article, type ArticlePage } from '../api/articles'
import './articles.css'

const LIMIT = 24

/** One article as a card: its first photo (the others as thumbnails), name, kind, price, description. */
export function ArticleCard({
  article: a,
  showStatus = false,
  children,
}: {
  article: Article
  showStatus?: boolean
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const [first, ...more] = a.photos
  return (
    <article className="art-card" data-testid="art-card" aria-label={a.name}>
      <div className="art-photo">
        {first ? (
          <img src={first.url} alt={t('inventory.articles.photoAlt', { name: a.name, n: 1 })} loading="lazy" />
        ) : (
          <span className="art-no-photo">{t('inventory.articles.noPhoto')}</span>
        )}
      </div>
      <div className="art-body">
        <h3 className="art-name">
          <bdi>{a.name}</bdi>
        </h3>
        <p className="art-meta">
          <span className="acct-badge">{t(`inventory.articles.kinds.${a.kind}`)}</span>
          {showStatus && (
            <span className={`acct-badge art-status art-status--${a.status}`} data-testid="art-status">
              {t(`inventory.articles.status.${a.status}`)}
            </span>
          )}
        </p>
        <p className="art-price" data-testid="art-price">
          {a.priceUsd === null ? t('inventory.articles.priceHidden') : <span dir="ltr">{fmtUsd(a.priceUsd)}</span>}
        </p>
        {/* The seller's own words, in whatever language they wrote them: their direction, not the page's. */}
        {a.description && (
          <p className="art-description" dir="auto">
            {a.description}
          </p>
        )}
        {more.length > 0 && (
          <ul className="art-more" aria-label={t('inventory.articles.morePhotos', { n: more.length })}>
            {more.map((p, i) => (
              <li key={p.id}>
                <img src={p.url} alt={t('inventory.articles.photoAlt', { name: a.name, n: i + 2 })} loading="lazy" />
              </li>
            ))}
          </ul>
        )}
        {children}
      </div>
    </article>
  )
}

/**
 * A seller's listed articles, as any member sees them: the list alone, so a page (the seller's
 * articles, later the member profile of issue 25) embeds it under its own title.
 */
export function SellerArticles({
  sellerCompanyId,
  onSeller,
}: {
  sellerCompanyId: string
  /** The seller's name once known, for the embedding page's title. */
  onSeller?: (name: string) => void
}) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [data, setData] = useState<ArticlePage | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    let live = true
    void sellerArticles(sellerCompanyId, page, LIMIT).then((r) => {
      if (!live) return
      setError(r.error)
      setData(r.data)
      if (r.data) onSeller?.(r.data.sellerName)
    })
    return () => {
      live = false
    }
  }, [sellerCompanyId, page, tick, onSeller])

  if (error && !data)
    return (
      <div className="acct-state acct-state--error" role="alert">
        <p>{codeText(error.code, error.message)}</p>
        <button type="button" className="btn" onClick={() => setTick((n) => n + 1)}>
          {t('inventory.retry')}
        </button>
      </div>
    )
  if (!data) return <p className="acct-state">{t('common.loading')}</p>
  if (!data.list.length) return <EmptyState detail={t('inventory.articles.noneListed')} />
  const pages = Math.max(1, Math.ceil(data.count / LIMIT))
  return (
    <>
      <ul className="art-grid" data-testid="art-seller-list">
        {data.list.map((a) => (
          <li key={a.id}>
            <ArticleCard article={a} />
          </li>
        ))}
      </ul>
      <ListPager page={page} pages={pages} onPage={setPage} />
    </>
  )
}
