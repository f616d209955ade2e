import type { PageSlug } from '@diamond/contracts/http/care.values'
import { useTranslation } from 'react-i18next'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { viewPage } from '../api/pages'
import { Markdown } from './Markdown'
import './pages.css'

/** One of the portal's own pages (terms of use, privacy notice, about, …) in the reader's language. */
export function StaticPage({ slug }: { slug: PageSlug }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const { data, error, reload } = useRead(() => viewPage(slug, lang), [slug, lang])
  return (
    <article className="page cms-page" aria-labelledby="page-title" data-testid={`page-${slug}`}>
      {error ? (
        <div className="notice" role="alert">
          <p>{codeText(error.code, error.message)}</p>
          <button type="button" className="btn" onClick={reload}>
            {t('pages.retry')}
          </button>
        </div>
      ) : !data ? (
        <p className="srch-muted">{t('pages.loading')}</p>
      ) : (
        <>
          <header className="page-head">
            <h1 id="page-title" className="page-title">
              {data.title}
            </h1>
          </header>
          {data.lang !== lang.split('-')[0] && <p className="notice">{t('pages.inEnglish')}</p>}
          <Markdown text={data.body} className="cms-body" />
          <p className="cms-updated">
            {t('pages.updated', { date: new Date(data.updatedAt).toLocaleDateString(lang, { dateStyle: 'long' }) })}
          </p>
        </>
      )}
    </article>
  )
}
