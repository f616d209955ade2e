import type { EventSave, LangText, PortalEvent } from '@diamond/contracts/http/content'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField, fieldProps } from '../../../components/FormField'
import { confirm } from '../../../lib/confirm'
import { codeText, LANGUAGES, type Locale } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { deleteEvent, saveEvent } from '../api/care'

type Texts = { title: string; description: string; onShow: string }

const EVENT_FIELDS = ['title', 'place', 'startsOn', 'endsOn', 'url']

/** Staff: an event's dates, place and address, and its texts in one language at a time (English first). */
export function EventForm({ event, onDone }: { event: PortalEvent | null; onDone: () => void }) {
  const { t } = useTranslation()
  const [kind, setKind] = useState<EventSave['kind']>(event?.kind ?? 'tradeShow')
  const [place, setPlace] = useState(event?.place ?? '')
  const [venue, setVenue] = useState(event?.venue ?? '')
  const [startsOn, setStartsOn] = useState(event?.startsOn ?? '')
  const [endsOn, setEndsOn] = useState(event?.endsOn ?? '')
  const [url, setUrl] = useState(event?.url ?? '')
  const [lang, setLang] = useState<Locale>('en')
  const [texts, setTexts] = useState<Record<string, Texts>>(() =>
    Object.fromEntries(
      LANGUAGES.map((l) => [
        l.code,
        {
          title: event?.title[l.code] ?? '',
          description: event?.description[l.code] ?? '',
          onShow: event?.onShow[l.code] ?? '',
        },
      ]),
    ),
  )
  const [fields, setFields] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const text = texts[lang]!
  const setText = (k: keyof Texts, v: string) => setTexts((x) => ({ ...x, [lang]: { ...x[lang]!, [k]: v } }))
  const per = (k: keyof Texts): LangText =>
    ({
      ...Object.fromEntries(LANGUAGES.map((l) => [l.code, texts[l.code]![k]]).filter(([, v]) => v)),
      en: texts.en![k],
    }) as LangText

  const save = async () => {
    const r = await saveEvent({
      ...(event ? { id: event.id } : {}),
      kind,
      title: per('title'),
      place,
      venue,
      startsOn,
      endsOn,
      description: per('description'),
      onShow: per('onShow'),
      url: url.trim() || null,
    })
    const list = (r.error?.data as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? []
    // Each field's problem in the reader's words; the field names what went wrong well enough.
    setFields(
      Object.fromEntries(
        list.map((f) => {
          const k = f.field.split('.')[0]!
          return [k, t(`care.events.errors.${EVENT_FIELDS.includes(k) ? k : 'text'}`)]
        }),
      ),
    )
    setProblem(r.error && !list.length ? codeText(r.error.code, r.error.message) : null)
    if (r.data) {
      showToast(t('pages.editor.saved'), 'success')
      onDone()
    }
  }
  const remove = async () => {
    if (!event) return
    // Deleting cannot be undone (spec 8): asked first, as everywhere else.
    if (!(await confirm('confirm.delete'))) return
    const r = await deleteEvent(event.id)
    if (r.error) setProblem(codeText(r.error.code, r.error.message))
    else onDone()
  }
  const f = (id: string, k: string) => fieldProps(id, { error: fields[k] })

  return (
    <form
      className="form care-item"
      data-testid="event-form"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <div className="form-grid form-grid--3">
        <FormField id="ev-kind" label={t('care.events.kind')}>
          <select
            {...fieldProps('ev-kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as EventSave['kind'])}
          >
            <option value="tradeShow">{t('care.events.kinds.tradeShow')}</option>
            <option value="auction">{t('care.events.kinds.auction')}</option>
          </select>
        </FormField>
        <FormField id="ev-start" label={t('care.events.startsOn')} required error={fields.startsOn ?? null}>
          <input
            type="date"
            {...f('ev-start', 'startsOn')}
            value={startsOn}
            onChange={(e) => setStartsOn(e.target.value)}
          />
        </FormField>
        <FormField id="ev-end" label={t('care.events.endsOn')} required error={fields.endsOn ?? null}>
          <input type="date" {...f('ev-end', 'endsOn')} value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
        </FormField>
        <FormField id="ev-place" label={t('care.events.place')} required error={fields.place ?? null}>
          <input {...f('ev-place', 'place')} value={place} onChange={(e) => setPlace(e.target.value)} />
        </FormField>
        <FormField id="ev-venue" label={t('care.events.venue')}>
          <input {...fieldProps('ev-venue')} value={venue} onChange={(e) => setVenue(e.target.value)} />
        </FormField>
        <FormField id="ev-url" label={t('care.events.url')} error={fields.url ?? null}>
          <input {...f('ev-url', 'url')} dir="ltr" value={url} onChange={(e) => setUrl(e.target.value)} />
        </FormField>
      </div>
      <FormField id="ev-lang" label={t('pages.editor.language')}>
        <select {...fieldProps('ev-lang')} value={lang} onChange={(e) => setLang(e.target.value as Locale)}>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="ev-title" label={t('care.events.title')} required={lang === 'en'} error={fields.title ?? null}>
        <input
          {...f('ev-title', 'title')}
          lang={lang}
          dir="auto"
          value={text.title}
          onChange={(e) => setText('title', e.target.value)}
        />
      </FormField>
      <FormField id="ev-desc" label={t('care.events.description')} error={fields.description ?? null}>
        <textarea
          {...f('ev-desc', 'description')}
          className="care-text care-text--short"
          lang={lang}
          dir="auto"
          value={text.description}
          onChange={(e) => setText('description', e.target.value)}
        />
      </FormField>
      <FormField id="ev-show" label={t('care.events.onShow')} error={fields.onShow ?? null}>
        <textarea
          {...f('ev-show', 'onShow')}
          className="care-text care-text--short"
          lang={lang}
          dir="auto"
          value={text.onShow}
          onChange={(e) => setText('onShow', e.target.value)}
        />
      </FormField>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t('care.events.cancel')}
        </button>
        {event && (
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
