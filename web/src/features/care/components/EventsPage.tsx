import type { PortalEvent } from '@diamond/contracts/http/content'
import { Fragment, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { localized } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { events } from '../api/care'
import { monthGrid, monthKey, eventsOnDay } from '../stores/calendar.rules'
import { EventForm } from './EventForm'
import './care.css'

/** Trade shows and auctions: a list by month, or one month as a calendar; staff add, change and remove them. */
export function EventsPage({ staff }: { staff: boolean }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const today = new Date().toISOString().slice(0, 10)
  const [view, setView] = useState<'list' | 'month'>('list')
  const [month, setMonth] = useState(today.slice(0, 7))
  const [editing, setEditing] = useState<PortalEvent | 'new' | null>(null)
  const { data, reload } = useRead(
    () => events({ from: view === 'list' ? today : `${month}-01`, limit: 200 }),
    [view, month, today],
  )
  const list = useMemo(() => data?.list ?? [], [data])
  const byMonth = useMemo(() => {
    const groups = new Map<string, PortalEvent[]>()
    for (const e of list) groups.set(monthKey(e.startsOn), [...(groups.get(monthKey(e.startsOn)) ?? []), e])
    return [...groups]
  }, [list])
  const monthName = (key: string) =>
    new Date(`${key}-01T00:00:00Z`).toLocaleDateString(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  // The language's own range ("7–11 Dec", "7–11 ديسمبر", "12月7日～11日"): two dates forced left to
  // right scrambled the month names of Hebrew and Arabic.
  const dates = (e: PortalEvent) =>
    new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).formatRange(
      new Date(`${e.startsOn}T00:00:00Z`),
      new Date(`${e.endsOn}T00:00:00Z`),
    )
  const shift = (n: number) => {
    const d = new Date(`${month}-01T00:00:00Z`)
    d.setUTCMonth(d.getUTCMonth() + n)
    setMonth(d.toISOString().slice(0, 7))
  }
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Date(Date.UTC(2024, 0, 1 + i)).toLocaleDateString(lang, { weekday: 'short', timeZone: 'UTC' }),
  )

  return (
    <section className="page" aria-labelledby="page-title" data-testid="screen-events">
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t('shell.screens.events')}
        </h1>
      </header>
      <div className="toolbar care-toolbar">
        <div className="acct-tabs" role="tablist">
          {(['list', 'month'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              className="acct-tab"
              aria-selected={view === v}
              onClick={() => {
                // The calendar opens on the month of the next event, where there is one.
                if (v === 'month' && view === 'list' && list[0]) setMonth(monthKey(list[0].startsOn))
                setView(v)
              }}
              data-testid={`events-${v}`}
            >
              {t(`care.events.${v}`)}
            </button>
          ))}
        </div>
        {staff && (
          <button
            type="button"
            className="btn btn--primary btn--small"
            onClick={() => setEditing('new')}
            data-testid="event-new"
          >
            {t('care.events.add')}
          </button>
        )}
      </div>
      {editing && (
        <EventForm
          event={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null)
            reload()
          }}
        />
      )}
      {view === 'month' && (
        <div className="care-month">
          <div className="care-month-head">
            <button
              type="button"
              className="btn btn--small"
              onClick={() => shift(-1)}
              aria-label={t('care.events.previous')}
            >
              <span aria-hidden="true" className="flip-rtl">
                ‹
              </span>
            </button>
            <h2>{monthName(month)}</h2>
            <button
              type="button"
              className="btn btn--small"
              onClick={() => shift(1)}
              aria-label={t('care.events.next')}
            >
              <span aria-hidden="true" className="flip-rtl">
                ›
              </span>
            </button>
          </div>
          <div className="care-grid">
            {weekdays.map((w) => (
              <div key={w} className="care-wd" aria-hidden="true">
                {w}
              </div>
            ))}
            {monthGrid(month).map((d, i) => (
              <div key={d ?? `pad-${i}`} className={`care-day${d === today ? ' is-today' : ''}${d ? '' : ' is-pad'}`}>
                {d && <span className="care-day-n">{Number(d.slice(8))}</span>}
                {d &&
                  eventsOnDay(list, d).map((e) => (
                    <span key={e.id} className={`care-chip care-chip--${e.kind}`} title={localized(e.title, lang)}>
                      {localized(e.title, lang)}
                    </span>
                  ))}
              </div>
            ))}
          </div>
          <ul className="care-list care-month-list" aria-label={monthName(month)}>
            {list
              .filter((e) => monthKey(e.startsOn) <= month && month <= monthKey(e.endsOn))
              .map((e) => (
                <li key={e.id} className="care-item">
                  <div className="care-item-head">
                    <strong>{localized(e.title, lang)}</strong>
                    <span className={`acct-badge${e.kind === 'auction' ? ' acct-badge--accent' : ''}`}>
                      {t(`care.events.kinds.${e.kind}`)}
                    </span>
                  </div>
                  <p className="srch-muted">
                    <EventWhere parts={[dates(e), e.place]} />
                  </p>
                </li>
              ))}
          </ul>
        </div>
      )}
      {view === 'list' && data && list.length === 0 && <EmptyState />}
      {view === 'list' &&
        byMonth.map(([key, items]) => (
          <section key={key} aria-labelledby={`m-${key}`}>
            <h2 id={`m-${key}`} className="acct-section-title">
              {monthName(key)}
            </h2>
            <ul className="care-list">
              {items.map((e) => (
                <li key={e.id} className="care-item care-event" data-testid="event">
                  <div className="care-item-head">
                    <strong>{localized(e.title, lang)}</strong>
                    <span className={`acct-badge${e.kind === 'auction' ? ' acct-badge--accent' : ''}`}>
                      {t(`care.events.kinds.${e.kind}`)}
                    </span>
                  </div>
                  <p className="srch-muted">
                    <EventWhere parts={[dates(e), e.place, e.venue]} />
                  </p>
                  {localized(e.description, lang) && <p>{localized(e.description, lang)}</p>}
                  {localized(e.onShow, lang) && (
                    <p>
                      <strong>{t('care.events.onShow')}</strong> {localized(e.onShow, lang)}
                    </p>
                  )}
                  <div className="form-actions">
                    {e.url && (
                      <a href={e.url} target="_blank" rel="noopener noreferrer" className="btn btn--small btn--ghost">
                        {t('care.events.site')}
                      </a>
                    )}
                    {staff && (
                      <button type="button" className="btn btn--small" onClick={() => setEditing(e)}>
                        {t('care.events.edit')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </section>
  )
}

/**
 * When and where, with a dot between: each part isolated, so a Latin place in a Hebrew or Arabic line
 * (or Hebrew in an English one) keeps its own order and the dots stay between the parts.
 */
function EventWhere({ parts }: { parts: (string | null | undefined)[] }) {
  return parts
    .filter((p): p is string => !!p)
    .map((p, i) => (
      <Fragment key={i}>
        {i > 0 && ' · '}
        <bdi>{p}</bdi>
      </Fragment>
    ))
}
