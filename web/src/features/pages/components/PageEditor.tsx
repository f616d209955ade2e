import { PAGE_SLUGS, type PageSlug } from '@diamond/contracts/http/care.values'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField, fieldProps } from '../../../components/FormField'
import type { ApiError } from '../../../lib/api'
import { LANGUAGES, type Locale } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { savePage, viewPage } from '../api/pages'
import { problemsOf } from './fieldErrors'
import { Markdown } from './Markdown'

/** A page's text in one language: Markdown on the left, what readers will see on the right. */
export function PageEditor() {
  const { t } = useTranslation()
  const [slug, setSlug] = useState<PageSlug>('terms-of-use')
  const [lang, setLang] = useState<Locale>('en')
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [error, setError] = useState<ApiError | null>(null)

  useEffect(() => {
    let live = true
    void viewPage(slug, lang).then((r) => {
      if (!live || !r.data) return
      // A language without its own text starts from the English one.
      setTitle(r.data.title)
      setBody(r.data.body)
      setError(null)
    })
    return () => {
      live = false
    }
  }, [slug, lang])

  const problems = problemsOf(error)
  const save = async () => {
    const r = await savePage({ slug, lang, title, body })
    setError(r.error)
    if (r.data) showToast(t('pages.editor.saved'), 'success')
  }

  return (
    <form
      className="form cms-form"
      data-testid="page-editor"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <div className="form-grid">
        <FormField id="cms-slug" label={t('pages.editor.page')}>
          <select {...fieldProps('cms-slug')} value={slug} onChange={(e) => setSlug(e.target.value as PageSlug)}>
            {PAGE_SLUGS.map((s) => (
              <option key={s} value={s}>
                {t(`pages.slugs.${s}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="cms-lang" label={t('pages.editor.language')}>
          <select {...fieldProps('cms-lang')} value={lang} onChange={(e) => setLang(e.target.value as Locale)}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id="cms-title" label={t('pages.editor.title')} required error={problems.fields.title ?? null}>
        <input
          {...fieldProps('cms-title', { error: problems.fields.title })}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </FormField>
      <div className="editor-grid">
        <FormField
          id="cms-body"
          label={t('pages.editor.body')}
          required
          help={t('pages.editor.markdownHelp')}
          error={problems.fields.body ?? null}
        >
          <textarea
            {...fieldProps('cms-body', { error: problems.fields.body, help: true })}
            dir="auto"
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </FormField>
        <div>
          <p className="field-help">{t('pages.editor.preview')}</p>
          <div
            className="preview"
            data-testid="page-preview"
            lang={lang}
            dir={lang === 'he' || lang === 'ar' ? 'rtl' : 'ltr'}
          >
            <Markdown text={body} />
          </div>
        </div>
      </div>
      {problems.general && (
        <p className="field-error" role="alert">
          {problems.general}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" data-testid="page-save">
          {t('pages.editor.save')}
        </button>
      </div>
    </form>
  )
}
