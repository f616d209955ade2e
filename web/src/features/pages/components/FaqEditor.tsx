import type { Faq } from '@diamond/contracts/http/content'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField, fieldProps } from '../../../components/FormField'
import type { ApiError } from '../../../lib/api'
import { confirm } from '../../../lib/confirm'
import { LANGUAGES, type Locale } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { useRead } from '../../../lib/useRead'
import { deleteFaq, listFaqs, saveFaq } from '../api/pages'
import { problemsOf } from './fieldErrors'

/** The FAQs of one language: add, change or remove a question. */
export function FaqEditor() {
  const { t } = useTranslation()
  const [lang, setLang] = useState<Locale>('en')
  const { data, reload } = useRead(() => listFaqs(lang), [lang])
  const own = (data?.list ?? []).filter((f) => f.lang === lang)
  return (
    <div className="cms-form" data-testid="faq-editor">
      <FormField id="faq-lang" label={t('pages.editor.language')}>
        <select {...fieldProps('faq-lang')} value={lang} onChange={(e) => setLang(e.target.value as Locale)}>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </FormField>
      <ul className="cms-list">
        {own.map((f) => (
          <li key={f.id} className="cms-item">
            <FaqForm lang={lang} faq={f} onDone={reload} />
          </li>
        ))}
        <li className="cms-item">
          <h2 className="acct-section-title">{t('pages.editor.newFaq')}</h2>
          <FaqForm key={`${lang}-${own.length}`} lang={lang} onDone={reload} />
        </li>
      </ul>
    </div>
  )
}

function FaqForm({ lang, faq, onDone }: { lang: Locale; faq?: Faq; onDone: () => void }) {
  const { t } = useTranslation()
  const [question, setQuestion] = useState(faq?.question ?? '')
  const [answer, setAnswer] = useState(faq?.answer ?? '')
  const [error, setError] = useState<ApiError | null>(null)
  const id = faq?.id ?? 'new'
  const problems = problemsOf(error)
  const save = async () => {
    const r = await saveFaq({ ...(faq ? { id: faq.id, sort: faq.sort } : { sort: 100 }), lang, question, answer })
    setError(r.error)
    if (r.data) {
      showToast(t('pages.editor.saved'), 'success')
      onDone()
    }
  }
  const remove = async () => {
    if (!faq) return
    // Deleting cannot be undone (spec 8): asked first, as everywhere else.
    if (!(await confirm('confirm.delete'))) return
    const r = await deleteFaq(faq.id)
    setError(r.error)
    if (r.data) onDone()
  }
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <FormField
        id={`faq-q-${id}`}
        label={t('pages.editor.question')}
        required
        error={problems.fields.question ?? null}
      >
        <input
          {...fieldProps(`faq-q-${id}`, { error: problems.fields.question })}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
        />
      </FormField>
      <FormField id={`faq-a-${id}`} label={t('pages.editor.answer')} required error={problems.fields.answer ?? null}>
        <textarea
          className="short"
          {...fieldProps(`faq-a-${id}`, { error: problems.fields.answer })}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
        />
      </FormField>
      {problems.general && <p className="field-error">{problems.general}</p>}
      <div className="form-actions">
        {faq && (
          <button type="button" className="btn btn--ghost" onClick={() => void remove()}>
            {t('pages.editor.delete')}
          </button>
        )}
        <button type="submit" className="btn btn--primary">
          {t('pages.editor.save')}
        </button>
      </div>
    </form>
  )
}
