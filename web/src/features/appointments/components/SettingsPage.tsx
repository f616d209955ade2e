import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OfficeSettings } from '@diamond/contracts/http/appointments-settings'
import type { ApiResult } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { deleteHoliday, officeSettings, saveCabin, saveHoliday, saveOffice, saveSalesPerson } from '../api/appointments'
import { dayLabel } from '../stores/board.rules'
import { formatDay, parseWeek, WEEK_DAYS, type WeeklyHours } from '../stores/hours.rules'
import { OfficeFlag } from './OfficeFlag'
import './appointments.css'

/**
 * /appointments/settings (office module `all`): an office's zone, slot length and opening hours, its
 * holidays, cabins and sales persons. Each save answers the office as it now is; boards see it at once.
 */
export function SettingsPage() {
  const { t } = useTranslation()
  const [list, setList] = useState<OfficeSettings[] | null>(null)
  const [chosen, setChosen] = useState('')
  const [error, setError] = useState<{ code: string; message: string } | null>(null)
  useEffect(() => {
    void officeSettings().then(({ data, error: err }) => {
      setError(err)
      if (data) setList(data.list)
    })
  }, [])
  const office = list?.find((o) => o.id === chosen) ?? list?.[0]

  /** A save's answer: the office as it now is replaces ours, or the refusal is told. */
  function answered({ data, error: err }: ApiResult<OfficeSettings>, done: string): boolean {
    if (err) {
      showToast(codeText(err.code, err.message), 'error')
      return false
    }
    setList((l) => (l ?? []).map((o) => (o.id === data.id ? data : o)))
    showToast(t(done), 'success')
    return true
  }

  return (
    <div className="page acct-page appt-page" data-testid="screen-appointmentSettings">
      <h1 className="page-title">{t('shell.screens.appointmentSettings')}</h1>
      {error ? (
        <div className="acct-state acct-state--error" role="alert">
          <p>{codeText(error.code, error.message)}</p>
        </div>
      ) : !list || !office ? (
        <p className="acct-state" role="status">
          {t('appointments.loading')}
        </p>
      ) : (
        <>
          <label className="appt-cal-field">
            <span>{t('appointments.book.office')}</span>
            <select value={office.id} onChange={(e) => setChosen(e.target.value)} data-testid="settings-office">
              {list.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <OfficeForm key={office.id} office={office} onSaved={answered} />
          <Holidays office={office} onSaved={answered} />
          <Cabins office={office} onSaved={answered} />
          <People office={office} onSaved={answered} />
        </>
      )}
    </div>
  )
}

type Saved = (r: ApiResult<OfficeSettings>, done: string) => boolean

function OfficeForm({ office, onSaved }: { office: OfficeSettings; onSaved: Saved }) {
  const { t } = useTranslation()
  const [name, setName] = useState(office.name)
  const [timeZone, setTimeZone] = useState(office.timeZone)
  const [slotMinutes, setSlotMinutes] = useState<30 | 60>(office.slotMinutes === 30 ? 30 : 60)
  const [active, setActive] = useState(office.active)
  const [days, setDays] = useState<Record<string, string>>(() =>
    Object.fromEntries(WEEK_DAYS.map((d) => [d, formatDay((office.openingHours as WeeklyHours)[d])])),
  )
  const [bad, setBad] = useState<string | null>(null)

  async function save(e: React.FormEvent) {
    e.preventDefault()
    const week = parseWeek(days)
    if ('bad' in week) return setBad(week.bad)
    setBad(null)
    onSaved(
      await saveOffice({ id: office.id, name, timeZone, slotMinutes, openingHours: week.hours, active }),
      'appointments.settings.saved',
    )
  }

  return (
    <form className="appt-fieldset appt-form" onSubmit={(e) => void save(e)} data-testid="settings-office-form">
      <h2 className="acct-section-title">
        <OfficeFlag code={office.code} /> {t('appointments.settings.office')}
      </h2>
      <div className="appt-settings-row">
        <label className="appt-cal-field">
          <span>{t('appointments.settings.name')}</span>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </label>
        <label className="appt-cal-field">
          <span>{t('appointments.settings.timeZone')}</span>
          {/* A zone name and the hours are written left to right in every language. */}
          <input className="input" dir="ltr" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} required />
        </label>
        <label className="appt-cal-field">
          <span>{t('appointments.settings.slotMinutes')}</span>
          <select value={slotMinutes} onChange={(e) => setSlotMinutes(e.target.value === '30' ? 30 : 60)}>
            <option value="30">30</option>
            <option value="60">60</option>
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          <span>{t('appointments.settings.active')}</span>
        </label>
      </div>
      <fieldset className="appt-fieldset">
        <legend>{t('appointments.settings.hours')}</legend>
        <p className="acct-note">{t('appointments.settings.hoursHelp')}</p>
        {WEEK_DAYS.map((d) => (
          <label key={d} className="appt-hours-day">
            <span>{t(`appointments.settings.days.${d}`)}</span>
            <input
              className="input"
              dir="ltr"
              value={days[d] ?? ''}
              aria-invalid={bad === d || undefined}
              onChange={(e) => setDays({ ...days, [d]: e.target.value })}
              data-testid={`hours-${d}`}
            />
          </label>
        ))}
        {bad && (
          <p className="field-error" role="alert">
            {t('appointments.settings.badHours', { day: t(`appointments.settings.days.${bad}`) })}
          </p>
        )}
      </fieldset>
      <div className="appt-submit">
        <button type="submit" className="btn btn--primary" data-testid="settings-office-save">
          {t('appointments.settings.save')}
        </button>
      </div>
    </form>
  )
}

/** A labelled text box in a settings row (at most 100 characters unless told). */
function RowInput(props: {
  label: string
  value: string
  onChange: (value: string) => void
  type?: 'date'
  maxLength?: number
  testId?: string
}) {
  return (
    <label className="appt-cal-field">
      <span>{props.label}</span>
      <input
        className="input"
        type={props.type}
        value={props.value}
        maxLength={props.type ? undefined : (props.maxLength ?? 100)}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </label>
  )
}

/** A cabin's or sales person's "active" switch. */
function ActiveToggle({ active, onChange }: { active: boolean; onChange: (active: boolean) => void }) {
  const { t } = useTranslation()
  return (
    <label className="check">
      <input type="checkbox" checked={active} onChange={(e) => onChange(e.target.checked)} />
      <span>{t('appointments.settings.active')}</span>
    </label>
  )
}

function Holidays({ office, onSaved }: { office: OfficeSettings; onSaved: Saved }) {
  const { t } = useTranslation()
  const [day, setDay] = useState('')
  const [name, setName] = useState('')
  async function add(e: React.FormEvent) {
    e.preventDefault()
    if (!day || !name.trim()) return
    if (onSaved(await saveHoliday({ officeId: office.id, day, name: name.trim() }), 'appointments.settings.saved')) {
      setDay('')
      setName('')
    }
  }
  return (
    <section className="appt-fieldset" data-testid="settings-holidays">
      <h2 className="acct-section-title">{t('appointments.settings.holidays')}</h2>
      <ul className="appt-stones">
        {office.holidays.map((h) => (
          <li key={h.day} className="appt-stone" data-testid={`holiday-${h.day}`}>
            <span className="appt-stone-name">
              {dayLabel(h.day)} · {h.name}
            </span>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() =>
                void deleteHoliday({ officeId: office.id, day: h.day }).then((r) =>
                  onSaved(r, 'appointments.settings.saved'),
                )
              }
            >
              {t('appointments.removeStone')}
            </button>
          </li>
        ))}
      </ul>
      <form className="appt-settings-row" onSubmit={(e) => void add(e)}>
        <RowInput
          label={t('appointments.settings.day')}
          type="date"
          value={day}
          onChange={setDay}
          testId="holiday-day"
        />
        <RowInput label={t('appointments.settings.name')} value={name} onChange={setName} testId="holiday-name" />
        <button type="submit" className="btn btn--small" data-testid="holiday-add">
          {t('appointments.settings.add')}
        </button>
      </form>
    </section>
  )
}

function Cabins({ office, onSaved }: { office: OfficeSettings; onSaved: Saved }) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [division, setDivision] = useState(office.divisions[0] ?? '')
  async function add(e: React.FormEvent) {
    e.preventDefault()
    if (!name.trim() || !division.trim()) return
    const r = await saveCabin({ officeId: office.id, name: name.trim(), division: division.trim() })
    if (onSaved(r, 'appointments.settings.saved')) setName('')
  }
  return (
    <section className="appt-fieldset" data-testid="settings-cabins">
      <h2 className="acct-section-title">{t('appointments.settings.cabins')}</h2>
      <ul className="appt-stones">
        {office.cabins.map((c) => (
          <li key={c.id} className="appt-stone" data-testid={`cabin-${c.name}`}>
            <span className="appt-stone-name">
              {c.name} · {c.division}
            </span>
            <ActiveToggle
              active={c.active}
              onChange={(active) =>
                void saveCabin({ id: c.id, name: c.name, division: c.division, active }).then((r) =>
                  onSaved(r, 'appointments.settings.saved'),
                )
              }
            />
          </li>
        ))}
      </ul>
      <form className="appt-settings-row" onSubmit={(e) => void add(e)}>
        <RowInput label={t('appointments.settings.name')} value={name} onChange={setName} testId="cabin-name" />
        <RowInput label={t('appointments.settings.division')} value={division} onChange={setDivision} maxLength={50} />
        <button type="submit" className="btn btn--small" data-testid="cabin-add">
          {t('appointments.settings.add')}
        </button>
      </form>
    </section>
  )
}

function People({ office, onSaved }: { office: OfficeSettings; onSaved: Saved }) {
  const { t } = useTranslation()
  const [username, setUsername] = useState('')
  const [name, setName] = useState('')
  async function add(e: React.FormEvent) {
    e.preventDefault()
    if (!username.trim() || !name.trim()) return
    const r = await saveSalesPerson({ officeId: office.id, username: username.trim(), name: name.trim() })
    if (onSaved(r, 'appointments.settings.saved')) {
      setUsername('')
      setName('')
    }
  }
  return (
    <section className="appt-fieldset" data-testid="settings-people">
      <h2 className="acct-section-title">{t('appointments.calendar.salesPerson')}</h2>
      <ul className="appt-stones">
        {office.salesPersons.map((p) => (
          <li key={p.id} className="appt-stone" data-testid={`person-${p.username}`}>
            <span className="appt-stone-name">
              {p.name} <span className="acct-note">({p.username})</span>
            </span>
            <ActiveToggle
              active={p.active}
              onChange={(active) =>
                void saveSalesPerson({ id: p.id, name: p.name, officeId: p.officeId, active }).then((r) =>
                  onSaved(r, 'appointments.settings.saved'),
                )
              }
            />
          </li>
        ))}
      </ul>
      <form className="appt-settings-row" onSubmit={(e) => void add(e)}>
        <RowInput label={t('appointments.settings.username')} value={username} onChange={setUsername} />
        <RowInput label={t('appointments.settings.name')} value={name} onChange={setName} />
        <button type="submit" className="btn btn--small">
          {t('appointments.settings.add')}
        </button>
      </form>
    </section>
  )
}
