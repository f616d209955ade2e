import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { APPOINTMENT_TABS, type AppointmentTab } from '@diamond/contracts/http/appointments.values'
import type { AppointmentPage, AppointmentView } from '@diamond/contracts/http/appointments'
import type { ApiResult } from '../../../lib/api'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { confirm } from '../../../lib/confirm'
import { codeText } from '../../../lib/i18n'
import { live } from '../../../lib/realtime'
import { allowed, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { destroyAppointment, listAppointments, rescheduleAppointment } from '../api/appointments'
import { clocksDiffer, wallClock } from '../stores/board.rules'
import { RoomLink } from './BookPage'
import { OfficeFlag } from './OfficeFlag'
import { viewerZone } from './SlotBoard'
import { SlotPickDialog } from './SlotPickDialog'
import { StoneAnswers } from './StoneAnswers'
import './appointments.css'

const LIMIT = 20

type State =
  | { load: 'loading' }
  | { load: 'error'; code: string; message: string }
  | { load: 'ready'; list: AppointmentView[]; count: number }

/**
 * /appointments: my appointments in the spec's three tabs (upcoming, archived, cancelled), each with
 * its stones; an upcoming one can lose a stone, move to another slot of its office, or be cancelled
 * after the spec's question. The meeting room of a virtual one shows here, to its two parties only.
 */
export function MyAppointmentsPage() {
  const { t } = useTranslation()
  const [tab, setTab] = useState<AppointmentTab>('upcoming')
  const [page, setPage] = useState(1)
  const [state, setState] = useState<State>({ load: 'loading' })
  const [moving, setMoving] = useState<AppointmentView | null>(null)
  const { userPermissions } = useSnapshot(session)
  const canChange = allowed(userPermissions, 'office', 'insert')

  function show({ data, error }: ApiResult<AppointmentPage>) {
    if (error) setState({ load: 'error', code: error.code, message: error.message })
    else setState({ load: 'ready', list: data.list, count: data.count })
  }
  // The tab or page handlers show the loading state; a read answers in a callback.
  const load = () => listAppointments({ tab, page, limit: LIMIT }).then(show)
  useEffect(() => {
    void listAppointments({ tab, page, limit: LIMIT }).then(show)
  }, [tab, page])
  // The sales side moves, confirms or cancels one of mine: the list shows it at once (the gateway
  // sends me my appointments' changes), and again after a lost connection comes back.
  useEffect(() => {
    const reload = () => void listAppointments({ tab, page, limit: LIMIT }).then(show)
    const offs = [live.on('appointment.changed', reload), live.on('connect', reload)]
    return () => offs.forEach((off) => off())
  }, [tab, page])

  function openTab(next: AppointmentTab) {
    if (next === tab) return
    setState({ load: 'loading' })
    setTab(next)
    setPage(1)
  }
  function openPage(next: number) {
    setState({ load: 'loading' })
    setPage(next)
  }
  function onKeyDown(e: React.KeyboardEvent) {
    const at = APPOINTMENT_TABS.indexOf(tab)
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    const dir = document.documentElement.dir === 'rtl' ? -step : step
    const next = APPOINTMENT_TABS[(at + dir + APPOINTMENT_TABS.length) % APPOINTMENT_TABS.length]!
    openTab(next)
    document.getElementById(`appt-tab-${next}`)?.focus()
  }

  async function cancel(a: AppointmentView) {
    if (!(await confirm('confirm.cancelAppointment'))) return
    const { error } = await destroyAppointment({ id: a.id })
    if (error) return showToast(codeText(error.code, error.message), 'error')
    showToast(t('appointments.cancelled'), 'success')
    await load()
  }
  async function removeStone(a: AppointmentView, stoneId: string) {
    if (!(await confirm('confirm.deleteStones'))) return
    const { error } = await destroyAppointment({ id: a.id, stoneIds: [stoneId] })
    if (error) return showToast(codeText(error.code, error.message), 'error')
    showToast(t('appointments.stoneRemoved'), 'success')
    await load()
  }

  return (
    <div className="page acct-page appt-page" data-testid="screen-myAppointments">
      <div className="acct-section-head">
        <h1 className="page-title">{t('shell.screens.myAppointments')}</h1>
        {canChange && (
          <Link href="/appointments/book" className="btn btn--primary" data-testid="book-new">
            {t('appointments.bookAction')}
          </Link>
        )}
      </div>
      <div className="acct-tabs" role="tablist" aria-label={t('shell.screens.myAppointments')} onKeyDown={onKeyDown}>
        {APPOINTMENT_TABS.map((k) => (
          <button
            key={k}
            id={`appt-tab-${k}`}
            type="button"
            role="tab"
            className={`acct-tab${k === tab ? ' is-active' : ''}`}
            aria-selected={k === tab}
            aria-controls="appt-panel"
            tabIndex={k === tab ? 0 : -1}
            data-testid={`appt-tab-${k}`}
            onClick={() => openTab(k)}
          >
            {t(`appointments.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div id="appt-panel" role="tabpanel" aria-labelledby={`appt-tab-${tab}`} data-testid={`appt-panel-${tab}`}>
        {state.load === 'loading' ? (
          <p className="acct-state" role="status">
            {t('appointments.loading')}
          </p>
        ) : state.load === 'error' ? (
          <div className="acct-state acct-state--error" role="alert">
            <p>{codeText(state.code, state.message)}</p>
            <button type="button" className="btn" onClick={() => (setState({ load: 'loading' }), void load())}>
              {t('stones.retry')}
            </button>
          </div>
        ) : state.list.length === 0 ? (
          <EmptyState textKey={`appointments.empty.${tab}`} />
        ) : (
          <>
            <ul className="appt-list" data-testid="appt-list">
              {state.list.map((a) => (
                <AppointmentCard
                  key={a.id}
                  view={a}
                  changeable={canChange && tab === 'upcoming'}
                  onCancel={() => void cancel(a)}
                  onMove={() => setMoving(a)}
                  onRemoveStone={(id) => void removeStone(a, id)}
                />
              ))}
            </ul>
            <ListPager page={page} pages={Math.ceil(state.count / LIMIT)} onPage={openPage} />
          </>
        )}
      </div>
      {moving && (
        <RescheduleDialog
          view={moving}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null)
            void load()
          }}
        />
      )}
    </div>
  )
}

export function AppointmentCard({
  view: a,
  changeable,
  onCancel,
  onMove,
  onRemoveStone,
}: {
  view: AppointmentView
  changeable: boolean
  onCancel: () => void
  onMove: () => void
  onRemoveStone: (id: string) => void
}) {
  const { t } = useTranslation()
  const at = wallClock(a.startsAt, a.office.timeZone)
  const mine = viewerZone()
  const other = clocksDiffer(a.startsAt, a.office.timeZone, mine) ? wallClock(a.startsAt, mine) : null
  const office = t(`appointments.offices.${a.office.code}`, { defaultValue: a.office.name })
  return (
    <li className="appt-card" data-testid={`appt-${a.id}`} data-status={a.status} data-starts={a.startsAt}>
      <div className="appt-card-head">
        <p className="appt-when" data-testid="appt-when">
          <OfficeFlag code={a.office.code} /> {t('appointments.when', { date: at.date, time: at.time, office })}
        </p>
        <span className={`acct-badge appt-status appt-status--${a.status}`} data-testid="appt-status">
          {t(`appointments.status.${a.status}`)}
        </span>
      </div>
      {other && (
        <p className="acct-note" data-testid="appt-my-time">
          {t('appointments.board.yourTime')} {other.date} {other.time}
        </p>
      )}
      <p>
        {a.virtual
          ? t('appointments.withVirtual', { person: a.salesPerson.name })
          : t('appointments.withCabin', { person: a.salesPerson.name, cabin: a.cabin?.name ?? '' })}
      </p>
      <p className="appt-purpose">
        <span className="acct-note">{t('appointments.book.purpose')}:</span> {a.purpose}
      </p>
      {a.room && a.status !== 'cancelled' && <RoomLink href={a.room} />}
      {a.stones.length > 0 && (
        <StoneAnswers appointmentId={a.id} initial={a.stones} onRemove={changeable ? onRemoveStone : undefined} />
      )}
      {changeable && (
        <div className="appt-actions">
          <button type="button" className="btn btn--small" data-testid="appt-reschedule" onClick={onMove}>
            {t('appointments.reschedule')}
          </button>
          <button type="button" className="btn btn--small btn--ghost" data-testid="appt-cancel" onClick={onCancel}>
            {t('appointments.cancel')}
          </button>
        </div>
      )}
    </li>
  )
}

/** Another slot of the appointment's office (in person or virtual as it was booked). */
export function RescheduleDialog({
  view,
  onClose,
  onMoved,
}: {
  view: Pick<AppointmentView, 'id' | 'officeId' | 'virtual' | 'startsAt'> & {
    office: { code: string; name: string; timeZone: string }
  }
  onClose: () => void
  onMoved: (moved: AppointmentView) => void
}) {
  const { t } = useTranslation()
  const ownSlot = `${view.officeId}:${new Date(view.startsAt).toISOString().replace('.000Z', 'Z')}`
  return (
    <SlotPickDialog
      office={{ ...view.office, id: view.officeId }}
      virtual={view.virtual}
      title={t('appointments.reschedule')}
      submitLabel={t('appointments.rescheduleSubmit')}
      testId="reschedule-dialog"
      submitTestId="reschedule-submit"
      except={ownSlot}
      onClose={onClose}
      onSubmit={async (slot) => {
        const { data, error } = await rescheduleAppointment({ id: view.id, slotId: slot.id })
        if (error) return error
        showToast(t('appointments.moved'), 'success')
        onMoved(data)
        return null
      }}
    />
  )
}
