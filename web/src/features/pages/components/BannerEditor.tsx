import type { BannerAdmin } from '@diamond/contracts/http/content'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField, fieldProps } from '../../../components/FormField'
import type { ApiError } from '../../../lib/api'
import { confirm } from '../../../lib/confirm'
import { LANGUAGES } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { useRead } from '../../../lib/useRead'
import { deleteBanner, listBanners, saveBanner, uploadBannerImage } from '../api/pages'
import { problemsOf } from './fieldErrors'
import { FileInput } from '../../../components/FileInput'

const KINDS = [24, 25, 26] as const
type Kind = (typeof KINDS)[number]

/** The sign-in page's banners: popup (24), marquee (25), login images (26); images, texts per language, dates. */
export function BannerEditor() {
  const { t } = useTranslation()
  const { data, reload } = useRead(() => listBanners(), [])
  return (
    <div data-testid="banner-editor">
      <ul className="cms-list">
        {(data?.list ?? []).map((b) => (
          <li key={b.id} className="cms-item">
            <BannerForm banner={b} onDone={reload} />
          </li>
        ))}
        <li className="cms-item">
          <h2 className="acct-section-title">{t('pages.editor.newBanner')}</h2>
          <BannerForm key={data?.list.length ?? 0} onDone={reload} />
        </li>
      </ul>
    </div>
  )
}

/** datetime-local shows local time without a zone; the API takes ISO instants. */
const toLocal = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : ''
const toIso = (local: string) => (local ? new Date(local).toISOString() : null)

function BannerForm({ banner, onDone }: { banner?: BannerAdmin; onDone: () => void }) {
  const { t } = useTranslation()
  const [type, setType] = useState<Kind>((banner?.type as Kind) ?? 24)
  const [images, setImages] = useState<string[]>(banner?.images ?? [])
  const [texts, setTexts] = useState<Record<string, string>>(banner?.description ?? {})
  const [isActive, setActive] = useState(banner?.isActive ?? true)
  const [from, setFrom] = useState(toLocal(banner?.activeFrom ?? null))
  const [to, setTo] = useState(toLocal(banner?.activeTo ?? null))
  const [error, setError] = useState<ApiError | null>(null)
  const id = banner?.id ?? 'new'
  const problems = problemsOf(error)
  const fieldError = (prefix: string) =>
    Object.entries(problems.fields).find(([f]) => f === prefix || f.startsWith(`${prefix}.`))?.[1] ?? null

  const upload = async (file: File | undefined) => {
    if (!file) return
    const r = await uploadBannerImage(file)
    setError(r.error)
    if (r.data) setImages((list) => [...list, r.data.url])
  }
  const save = async () => {
    const r = await saveBanner({
      ...(banner ? { id: banner.id, sort: banner.sort } : {}),
      type,
      images,
      description: { en: texts.en ?? '', ...texts },
      isActive,
      activeFrom: toIso(from),
      activeTo: toIso(to),
    })
    setError(r.error)
    if (r.data) {
      showToast(t('pages.editor.saved'), 'success')
      onDone()
    }
  }
  const remove = async () => {
    if (!banner) return
    // Deleting cannot be undone (spec 8): asked first, as everywhere else.
    if (!(await confirm('confirm.delete'))) return
    const r = await deleteBanner(banner.id)
    setError(r.error)
    if (r.data) onDone()
  }

  return (
    <form
      className="form cms-form"
      data-testid={`banner-form-${id}`}
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <div className="form-grid form-grid--3">
        <FormField id={`bn-type-${id}`} label={t('pages.editor.bannerKind')}>
          <select
            {...fieldProps(`bn-type-${id}`)}
            value={type}
            onChange={(e) => setType(Number(e.target.value) as Kind)}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`pages.editor.kinds.${k}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`bn-from-${id}`} label={t('pages.editor.activeFrom')}>
          <input
            type="datetime-local"
            {...fieldProps(`bn-from-${id}`)}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </FormField>
        <FormField id={`bn-to-${id}`} label={t('pages.editor.activeTo')} error={problems.fields.activeTo ?? null}>
          <input
            type="datetime-local"
            {...fieldProps(`bn-to-${id}`, { error: problems.fields.activeTo })}
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </FormField>
      </div>
      <label className="check">
        <input type="checkbox" checked={isActive} onChange={(e) => setActive(e.target.checked)} />{' '}
        {t('pages.editor.active')}
      </label>
      <div className="banner-thumbs">
        {images.map((src, i) => (
          <button
            key={`${src}-${i}`}
            type="button"
            className="link-button"
            title={t('pages.editor.removeImage')}
            aria-label={t('pages.editor.removeImage')}
            onClick={() => setImages((list) => list.filter((_, k) => k !== i))}
          >
            <img src={src} alt="" />
          </button>
        ))}
      </div>
      <FormField
        id={`bn-file-${id}`}
        label={t('pages.editor.addImage')}
        help={t('pages.editor.imageHelp')}
        error={fieldError('images')}
      >
        <FileInput
          accept="image/png,image/jpeg,image/webp"
          {...fieldProps(`bn-file-${id}`, { help: true })}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      </FormField>
      <div className="form-grid">
        {LANGUAGES.map((l) => (
          <FormField
            key={l.code}
            id={`bn-text-${id}-${l.code}`}
            label={l.name}
            error={problems.fields[`description.${l.code}`] ?? null}
          >
            <input
              {...fieldProps(`bn-text-${id}-${l.code}`)}
              lang={l.code}
              dir="auto"
              value={texts[l.code] ?? ''}
              onChange={(e) => setTexts((x) => ({ ...x, [l.code]: e.target.value }))}
            />
          </FormField>
        ))}
      </div>
      {problems.general && (
        <p className="field-error" role="alert">
          {problems.general}
        </p>
      )}
      <div className="form-actions">
        {banner && (
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
