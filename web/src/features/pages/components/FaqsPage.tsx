import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { listFaqs } from '../api/pages'
import { Markdown } from './Markdown'
import './pages.css'

/** The FAQs of the reader's language, each a question that opens to its answer. */
export function FaqsPage() {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const { data, error, reload } = useRead(() => listFaqs(lang), [lang])
  return (
    <section className="page cms-page" aria-labelledby="page-title" data-testid="page-faqs">
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t('pages.titles.faqs')}
        </h1>
      </header>
      {error && (
        <div className="notice" role="alert">
          <p>{codeText(error.code, error.message)}</p>
          <button type="button" className="btn" onClick={reload}>
            {t('pages.retry')}
          </button>
        </div>
      )}
      {data && data.list.length === 0 && <EmptyState />}
      {data && data.list.length > 0 && (
        <div className="faq-list">
          {data.list.map((f) => (
            <details key={f.id} className="faq">
              <summary>{f.question}</summary>
              <Markdown text={f.answer} />
            </details>
          ))}
        </div>
      )}
      <p>
        {t('pages.faqMore')} <Link href="/contact">{t('pages.titles.contact')}</Link>
      </p>
    </section>
  )
}
