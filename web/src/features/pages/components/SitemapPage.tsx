import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import './pages.css'

export interface SitemapGroup {
  id: string
  items: { id: string; href: string }[]
}

/** Every screen the viewer may open (lib/navigation.ts sitemapFor, composed in routes.tsx). */
export function SitemapPage({ groups }: { groups: SitemapGroup[] }) {
  const { t } = useTranslation()
  const groupName = (id: string) =>
    id === 'account' || id === 'portal' ? t(`pages.sitemap.${id}`) : t(`shell.nav.${id}`)
  const itemName = (id: string) => t(`shell.screens.${id}`, { defaultValue: '' }) || t(`pages.titles.${id}`)
  return (
    <section className="page cms-page" aria-labelledby="page-title" data-testid="page-sitemap">
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t('pages.titles.sitemap')}
        </h1>
      </header>
      <div className="sitemap">
        {groups.map((g) => (
          <nav key={g.id} aria-labelledby={`sitemap-${g.id}`} className="sitemap-group">
            <h2 id={`sitemap-${g.id}`}>{groupName(g.id)}</h2>
            <ul>
              {g.items.map((i) => (
                <li key={i.id}>
                  <Link href={i.href}>{itemName(i.id)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </section>
  )
}
