import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type {
  AppointmentMarkName,
  CalendarEntry,
  CalendarPage as CalendarAnswer,
} from '@diamond/contracts/http/appointments-calendar'
import type { ApiResult } from '../../../lib/api'
import { confirm } from '../../../lib/confirm'
import { codeText } from '../../../lib/i18n'
import { live, watchCalendars } from '../../../lib/realtime'
import { allowed, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { destroyAppointment, markAppointment, salesCalendar } from '../api/appointments'
import { addDays, byOfficeDay, dayLabel, wallClock } from '../stores/board.rules'
import { loadOffices, offices } from '../stores/booking'
import { marksFor } from '../stores/calendar.rules'
import { RescheduleDialog } from './MyAppointmentsPage'
import { OfficeFlag } from './OfficeFlag'
import { RoomLink } from './BookPage'
import './appointments.css'

type Days = 1 | 7
interface Query {
  officeId: string
  from: string
  days: Days
  cabinId: string
  salesPersonId: string
}

/**
 * /appointments/calendar: the sales side's day or week of an office, narrowed by cabin or sales
 * person; each appointment confirmed, marked done or no-show, moved or cancelled from here. It
 * follows the office live (every appointment booked, moved or cancelled re-reads the page).
 */
export function CalendarPage() {
  const { t } = useTranslation()
  const office = useSnapshot(offices)
  const { userPermissions } = useSnapshot(session)
  const staff = allowed(userPermissions, 'office', 'all')
  const [query, setQuery] = useState<Query>({ officeId: '', from: '', days: 7, cabinId: '', salesPersonId: '' })
  const [page, setPage] = useState<CalendarAnswer | null>(null)
  const [error, setError] = useState<{ code: string; message: string } | null>(null)
  const [moving, setMoving] = useState<CalendarEntry | null>(null)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => void loadOffices(), [])
  const officeId = query.officeId || page?.office.id || ''
  const timeZone = page?.office.timeZone ?? office.list.find((o) => o.id === officeId)?.timeZone ?? 'UTC'
  const from = query.from || wallClock(now, timeZone).day

  function show({ data, error: err }: ApiResult<CalendarAnswer>) {
    setError(err)
    if (data) setPage(data)
    setNow(Date.now())
  }
  const request = () =>
    salesCalendar({
      from,
      days: query.days,
      ...(query.officeId ? { officeId: query.officeId } : {}),
      ...(query.cabinId ? { cabinId: query.cabinId } : {}),
      ...(query.salesPersonId ? { salesPersonId: query.salesPersonId } : {}),
    })
  const reload = () => request().then(show)
  const key = JSON.stringify({ ...query, from })
  useEffect(() => {
    void request().then(show)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the query; request reads it
  }, [key])

  // Live: staff hear every appointment of the office, a sales person their own (no join needed).
  useEffect(() => {
    watchCalendars(staff && officeId ? [officeId] : [])
    return () => watchCalendars([])
  }, [staff, officeId])
  useEffect(() => {
    const offChanged = live.on('appointment.changed', (m) => {
      if (m.officeId === officeId) void reload()
    })
    const offConnect = live.on('connect', () => void reload())
    return () => {
      offChanged()
      offConnect()
    }
  })

  const set = (patch: Partial<Query>) => setQuery({ ...query, ...patch })
  async function mark(a: CalendarEntry, m: AppointmentMarkName) {
    const { error: err } = await markAppointment(m, { id: a.id, version: a.version })
    if (err) showToast(codeText(err.code, err.message), 'error')
    else showToast(t(`appointments.calendar.marked.${m}`), 'success')
    await reload()
  }
  async function cancel(a: CalendarEntry) {
    if (!(await confirm('confirm.cancelAppointment'))) return
    const { error: err } = await destroyAppointment({ id: a.id })
    if (err) showToast(codeText(err.code, err.message), 'error')
    else showToast(t('appointments.cancelled'), 'success')
    await reload()
  }

  const days = page ? byOfficeDay(page.list, page.office.timeZone) : []
  return (
    <div className="page acct-page appt-page" data-testid="screen-salesCalendar">
      <h1 className="page-title">{t('shell.screens.salesCalendar')}</h1>
      <div className="appt-cal-tools">
        <label className="appt-cal-field">
          <span>{t('appointments.book.office')}</span>
          <select
            className="input"
            value={officeId}
            onChange={(e) => set({ officeId: e.target.value, cabinId: '', salesPersonId: '' })}
            data-testid="cal-office"
          >
            {office.list.map((o) => (
              <option key={o.id} value={o.id}>
                {t(`appointments.offices.${o.code}`, { defaultValue: o.name })}
              </option>
            ))}
          </select>
        </label>
        <div className="appt-cal-view" role="group" aria-label={t('appointments.calendar.view')}>
          {([1, 7] as const).map((d) => (
            <button
              key={d}
              type="button"
              className={`btn btn--small${query.days === d ? ' btn--primary' : ''}`}
              aria-pressed={query.days === d}
              onClick={() => set({ days: d })}
              data-testid={`cal-days-${d}`}
            >
              {t(d === 1 ? 'appointments.calendar.day' : 'appointments.calendar.week')}
            </button>
          ))}
        </div>
        <div className="appt-board-nav">
          <button
            type="button"
            className="btn btn--small"
            onClick={() => set({ from: addDays(from, -query.days) })}
            aria-label={t('appointments.board.earlier')}
          >
            <span className="flip-rtl" aria-hidden="true">
              ‹
            </span>
          </button>
          <label className="appt-board-date">
            <span className="visually-hidden">{t('appointments.board.from')}</span>
            <input
              type="date"
              value={from}
              onChange={(e) => e.target.value && set({ from: e.target.value })}
              data-testid="cal-from"
            />
          </label>
          <button
            type="button"
            className="btn btn--small"
            onClick={() => set({ from: addDays(from, query.days) })}
            aria-label={t('appointments.board.later')}
          >
            <span className="flip-rtl" aria-hidden="true">
              ›
            </span>
          </button>
        </div>
        {page && (
          <>
            <label className="appt-cal-field">
              <span>{t('appointments.calendar.cabin')}</span>
              <select
                className="input"
                value={query.cabinId}
                onChange={(e) => set({ cabinId: e.target.value })}
                data-testid="cal-cabin"
              >
                <option value="">{t('appointments.calendar.all')}</option>
                {page.cabins.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            {staff && (
              <label className="appt-cal-field">
                <span>{t('appointments.calendar.salesPerson')}</span>
                <select
                  className="input"
                  value={query.salesPersonId}
                  onChange={(e) => set({ salesPersonId: e.target.value })}
                  data-testid="cal-person"
                >
                  <option value="">{t('appointments.calendar.all')}</option>
                  {page.salesPersons.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </>
        )}
      </div>
      {page && (
        <p className="appt-board-zone">
          <OfficeFlag code={page.office.code} />{' '}
          {t('appointments.calendar.range', {
            from: dayLabel(page.from),
            to: dayLabel(addDays(page.from, page.days - 1)),
            zone: page.office.timeZone,
          })}
        </p>
      )}
      {error ? (
        <div className="acct-state acct-state--error" role="alert">
          <p>{codeText(error.code, error.message)}</p>
        </div>
      ) : !page ? (
        <p className="acct-state" role="status">
          {t('appointments.loading')}
        </p>
      ) : days.length === 0 ? (
        <p className="acct-state" role="status" data-testid="cal-empty">
          {t('appointments.calendar.none')}
        </p>
      ) : (
        days.map((d) => (
          <section key={d.day} className="appt-day" aria-label={dayLabel(d.day)}>
            <h2 className="appt-day-title">{dayLabel(d.day)}</h2>
            <ul className="appt-list">
              {d.slots.map((a) => (
                <CalendarItem
                  key={a.id}
                  entry={a}
                  timeZone={page.office.timeZone}
                  now={now}
                  onMark={(m) => void mark(a, m)}
                  onMove={() => setMoving(a)}
                  onCancel={() => void cancel(a)}
                />
              ))}
            </ul>
          </section>
        ))
      )}
      {moving && page && (
        <RescheduleDialog
          view={{ ...moving, office: page.office }}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null)
            void reload()
          }}
        />
      )}
    </div>
  )
}

function CalendarItem({
  entry: a,
  timeZone,
  now,
  onMark,
  onMove,
  onCancel,
}: {
  entry: CalendarEntry
  timeZone: string
  now: number
  onMark: (m: AppointmentMarkName) => void
  onMove: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const start = wallClock(a.startsAt, timeZone)
  const end = wallClock(a.endsAt, timeZone)
  const { marks, change } = marksFor(a, now)
  return (
    <li className="appt-card" data-testid={`cal-${a.id}`} data-status={a.status} data-starts={a.startsAt}>
      <div className="appt-card-head">
        <p className="appt-when">
          {start.time} – {end.time} · {a.virtual ? t('appointments.book.virtual') : (a.cabin?.name ?? '')}
        </p>
        <span className={`acct-badge appt-status appt-status--${a.status}`} data-testid="cal-status">
          {t(`appointments.status.${a.status}`)}
        </span>
      </div>
      <p>
        <strong data-testid="cal-buyer">{a.buyer.username}</strong>
        {a.buyer.company ? ` · ${a.buyer.company}` : ''} · {a.salesPerson.name}
      </p>
      <p className="appt-purpose">
        <span className="acct-note">{t('appointments.book.purpose')}:</span> {a.purpose}
        {a.stonesCount > 0 && (
          <span className="acct-note"> · {t('appointments.calendar.stones', { count: a.stonesCount })}</span>
        )}
      </p>
      {a.room && a.status !== 'cancelled' && <RoomLink href={a.room} />}
      {(marks.length > 0 || change) && (
        <div className="appt-actions">
          {marks.map((m) => (
            <button
              key={m}
              type="button"
              className={`btn btn--small${m === 'confirm' ? ' btn--primary' : ''}`}
              onClick={() => onMark(m)}
              data-testid={`cal-${m}`}
            >
              {t(`appointments.calendar.mark.${m}`)}
            </button>
          ))}
          {change && (
            <>
              <button type="button" className="btn btn--small" onClick={onMove} data-testid="cal-reschedule">
                {t('appointments.reschedule')}
              </button>
              <button type="button" className="btn btn--small btn--ghost" onClick={onCancel} data-testid="cal-cancel">
                {t('appointments.cancel')}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  )
}
