import { FEEDBACK_COMMENT_MAX, FEEDBACK_SCORE_MAX } from '@diamond/contracts/http/care.values'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField, fieldProps } from '../../../components/FormField'
import type { ApiError } from '../../../lib/api'
import { codeText, localized } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { feedbackQuestions, sendFeedback } from '../api/care'
import './care.css'

const SCORES = Array.from({ length: FEEDBACK_SCORE_MAX + 1 }, (_, i) => i)

/** The feedback form: each question scored 0 to 10 (spec section 9), and a comment. */
export function FeedbackPage() {
  const { t, i18n } = useTranslation()
  const { data, error: loadError, reload } = useRead(() => feedbackQuestions(), [])
  const [scores, setScores] = useState<Record<string, number>>({})
  const [comment, setComment] = useState('')
  const [error, setError] = useState<ApiError | null>(null)
  const [sent, setSent] = useState(false)
  const questions = data?.list ?? []
  const missing = questions.filter((q) => scores[q.id] === undefined)
  const submit = async () => {
    const r = await sendFeedback({
      answers: questions.map((q) => ({ questionId: q.id, score: scores[q.id] ?? -1 })),
      ...(comment.trim() ? { comment } : {}),
    })
    setError(r.error)
    if (r.data) setSent(true)
  }
  return (
    <section className="page care-page" aria-labelledby="page-title" data-testid="screen-feedback">
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t('shell.screens.feedback')}
        </h1>
      </header>
      {loadError && (
        <div className="notice" role="alert">
          <p>{codeText(loadError.code, loadError.message)}</p>
          <button type="button" className="btn" onClick={reload}>
            {t('pages.retry')}
          </button>
        </div>
      )}
      {sent ? (
        <p className="notice notice--ok" role="status" data-testid="feedback-sent">
          {t('care.feedback.thanks')}
        </p>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <p>{t('care.feedback.intro')}</p>
          {questions.map((q, i) => (
            <fieldset key={q.id} className="score-set" data-testid={`feedback-q-${i}`}>
              <legend>{localized(q.text, i18n.language)}</legend>
              <div className="score-row" role="radiogroup">
                {SCORES.map((s) => (
                  <label key={s} className={`score${scores[q.id] === s ? ' is-on' : ''}`}>
                    <input
                      type="radio"
                      name={`q-${q.id}`}
                      value={s}
                      checked={scores[q.id] === s}
                      onChange={() => setScores((x) => ({ ...x, [q.id]: s }))}
                    />
                    <span>{s}</span>
                  </label>
                ))}
              </div>
              <div className="score-ends" aria-hidden="true">
                <span>{t('care.feedback.low')}</span>
                <span>{t('care.feedback.high')}</span>
              </div>
            </fieldset>
          ))}
          <FormField id="feedback-comment" label={t('care.feedback.comment')}>
            <textarea
              {...fieldProps('feedback-comment')}
              className="care-text"
              maxLength={FEEDBACK_COMMENT_MAX}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </FormField>
          {error && (
            <p className="field-error" role="alert">
              {error.code === 'E_VALIDATION' ? t('care.feedback.answerAll') : codeText(error.code, error.message)}
            </p>
          )}
          <div className="form-actions">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={!questions.length || missing.length > 0}
              data-testid="feedback-send"
            >
              {t('care.feedback.send')}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
