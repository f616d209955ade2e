import { ARTICLE_KINDS, ARTICLE_MAX_PHOTOS } from '@diamond/contracts/http/articles.values'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../components/Dialog'
import type { ApiError } from '../../../lib/api'
import { confirm } from '../../../lib/confirm'
import { codeText } from '../../../lib/i18n'
import {
  createArticle,
  deleteArticlePhoto,
  updateArticle,
  uploadArticlePhoto,
  type Article,
  type ArticleFields,
  type ArticleKind,
} from '../api/articles'
import { articleProblems, parsePrice, PHOTO_ACCEPT, photoProblem } from '../stores/articles.rules'
import { FileInput } from '../../../components/FileInput'

type Field = 'kind' | 'name' | 'description' | 'priceUsd' | 'status'

/** The server's field problems (E_VALIDATION names them) by field. */
function fieldErrors(error: ApiError | null): Partial<Record<Field | 'file', string>> {
  const fields = (error?.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? []
  return Object.fromEntries(fields.map((f) => [f.field, f.message]))
}

/**
 * Adds or edits one article: its fields, then its photos, sent one by one with a progress bar (a new
 * article is saved first; its photos follow in the same dialog).
 */
export function ArticleDialog({ article, onClose }: { article: Article | null; onClose: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const [saved, setSaved] = useState<Article | null>(article)
  const [draft, setDraft] = useState({
    kind: article?.kind ?? ('jewellery' as ArticleKind),
    name: article?.name ?? '',
    description: article?.description ?? '',
    price: article?.priceUsd != null ? String(article.priceUsd) : '',
    listed: article ? article.status === 'listed' : true,
  })
  const [shown, setShown] = useState(false)
  const [server, setServer] = useState<ApiError | null>(null)
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null)
  const [photoError, setPhotoError] = useState('')
  const problems = articleProblems(draft)
  const byServer = fieldErrors(server)
  const problemText = (field: keyof typeof problems) =>
    shown && problems[field] ? t(`inventory.articles.problem.${problems[field]}`) : ''
  const errorOf = (field: 'name' | 'description' | 'price') =>
    problemText(field) || (byServer[field === 'price' ? 'priceUsd' : field] ?? '')

  async function save() {
    setShown(true)
    if (Object.keys(problems).length) return
    const fields: ArticleFields = {
      kind: draft.kind,
      name: draft.name.trim(),
      description: draft.description.trim(),
      priceUsd: parsePrice(draft.price)!,
      status: draft.listed ? 'listed' : 'draft',
    }
    setBusy(true)
    const r = saved ? await updateArticle(saved.id, fields) : await createArticle(fields)
    setBusy(false)
    setServer(r.error)
    if (r.error) return
    // A new article stays open: its photos are added next.
    if (!saved) setSaved(r.data)
    else onClose()
  }

  async function addPhotos(files: File[]) {
    setPhotoError('')
    let current = saved!
    for (const file of files) {
      const problem = photoProblem(file, current.photos.length)
      if (problem) {
        setPhotoError(t(`inventory.articles.photoProblem.${problem}`, { name: file.name, max: ARTICLE_MAX_PHOTOS }))
        break
      }
      setProgress({ name: file.name, fraction: 0 })
      const r = await uploadArticlePhoto(current.id, file, (fraction) => setProgress({ name: file.name, fraction }))
      setProgress(null)
      if (r.error) {
        const why = fieldErrors(r.error).file
        setPhotoError(
          why
            ? t('inventory.articles.photoRefused', { name: file.name })
            : `${file.name}: ${codeText(r.error.code, r.error.message)}`,
        )
        break
      }
      current = r.data
      setSaved(r.data)
    }
  }

  async function removePhoto(photo: string) {
    if (!saved || !(await confirm('confirm.delete'))) return
    const r = await deleteArticlePhoto(saved.id, photo)
    if (r.error) setPhotoError(codeText(r.error.code, r.error.message))
    else setSaved(r.data)
  }

  const invalid = (e: string) => (e ? 'field is-invalid' : 'field')
  const described = (e: string, key: string) => (e ? `${id}-${key}-error` : undefined)
  return (
    <Dialog
      open
      title={saved ? t('inventory.articles.editTitle', { name: saved.name }) : t('inventory.articles.addTitle')}
      onDismiss={onClose}
      testId="art-dialog"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} data-testid="art-close">
            {saved && !article ? t('inventory.articles.done') : t('inventory.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || progress !== null}
            onClick={() => void save()}
            data-testid="art-save"
          >
            {t('inventory.save')}
          </button>
        </>
      }
    >
      <form
        className="form-grid art-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('inventory.articles.kind')}</label>
          <select
            id={`${id}-kind`}
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.currentTarget.value as ArticleKind })}
            data-testid="art-kind"
          >
            {ARTICLE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`inventory.articles.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {(['name', 'price'] as const).map((f) => {
          const e = errorOf(f)
          return (
            <div className={invalid(e)} key={f}>
              <label htmlFor={`${id}-${f}`}>{t(`inventory.articles.${f}`)}</label>
              <input
                id={`${id}-${f}`}
                value={draft[f]}
                inputMode={f === 'price' ? 'decimal' : undefined}
                dir={f === 'price' ? 'ltr' : undefined}
                required
                aria-invalid={e ? true : undefined}
                aria-describedby={described(e, f)}
                onChange={(ev) => setDraft({ ...draft, [f]: ev.currentTarget.value })}
                data-testid={`art-${f}`}
              />
              {e && (
                <p className="field-error" id={`${id}-${f}-error`}>
                  {e}
                </p>
              )}
            </div>
          )
        })}
        <div className={`${invalid(errorOf('description'))} art-wide`}>
          <label htmlFor={`${id}-description`}>{t('inventory.articles.description')}</label>
          <textarea
            id={`${id}-description`}
            rows={4}
            value={draft.description}
            aria-invalid={errorOf('description') ? true : undefined}
            aria-describedby={described(errorOf('description'), 'description')}
            onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
            data-testid="art-description"
          />
          {errorOf('description') && (
            <p className="field-error" id={`${id}-description-error`}>
              {errorOf('description')}
            </p>
          )}
        </div>
        <label className="art-check art-wide">
          <input
            type="checkbox"
            checked={draft.listed}
            onChange={(e) => setDraft({ ...draft, listed: e.currentTarget.checked })}
            data-testid="art-listed"
          />
          <span>
            {t('inventory.articles.listed')}
            <span className="field-help">{t('inventory.articles.listedHelp')}</span>
          </span>
        </label>
        {server && !Object.keys(byServer).length && (
          <p className="inv-error art-wide" role="alert">
            {codeText(server.code, server.message)}
          </p>
        )}
      </form>
      <section className="art-photos" aria-labelledby={`${id}-photos`}>
        <h3 className="inv-subtitle" id={`${id}-photos`}>
          {t('inventory.articles.photos', { n: saved?.photos.length ?? 0, max: ARTICLE_MAX_PHOTOS })}
        </h3>
        {!saved ? (
          <p className="field-help">{t('inventory.articles.photosAfterSave')}</p>
        ) : (
          <>
            {saved.photos.length > 0 && (
              <ul className="art-thumbs" data-testid="art-thumbs">
                {saved.photos.map((p, i) => (
                  <li key={p.id} className="art-thumb">
                    <img src={p.url} alt={t('inventory.articles.photoAlt', { name: saved.name, n: i + 1 })} />
                    <button
                      type="button"
                      className="btn btn--small acct-danger"
                      onClick={() => void removePhoto(p.id)}
                      data-testid="art-photo-delete"
                    >
                      {t('inventory.articles.deletePhoto', { n: i + 1 })}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {saved.photos.length < ARTICLE_MAX_PHOTOS && (
              <div className="field">
                <label htmlFor={`${id}-file`}>{t('inventory.articles.addPhotos')}</label>
                <FileInput
                  id={`${id}-file`}
                  multiple
                  accept={PHOTO_ACCEPT}
                  disabled={progress !== null}
                  onChange={(e) => {
                    const files = [...(e.currentTarget.files ?? [])]
                    e.currentTarget.value = ''
                    void addPhotos(files)
                  }}
                  data-testid="art-photo-file"
                />
                <p className="field-help">{t('inventory.articles.photoHelp', { max: ARTICLE_MAX_PHOTOS })}</p>
              </div>
            )}
            {progress && (
              <div className="inv-progress">
                <progress
                  className="upload-progress"
                  max={1}
                  value={progress.fraction}
                  aria-label={t('inventory.articles.sendingPhoto', { name: progress.name })}
                />
                <p className="acct-note" aria-live="polite">
                  {t('inventory.articles.sendingPhotoPercent', {
                    name: progress.name,
                    percent: Math.round(progress.fraction * 100),
                  })}
                </p>
              </div>
            )}
            {photoError && (
              <p className="inv-error" role="alert">
                {photoError}
              </p>
            )}
          </>
        )}
      </section>
    </Dialog>
  )
}
