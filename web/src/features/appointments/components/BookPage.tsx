import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useSearch } from 'wouter'
import type { AppointmentView, SlotView } from '@diamond/contracts/http/appointments'
import { FormField, fieldProps } from '../../../components/FormField'
import { codeText } from '../../../lib/i18n'
import { allowed, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { bookSlot, myDemands } from '../api/appointments'
import { anyOutsideIndia, stonesFromQuery, wallClock } from '../stores/board.rules'
import { followBoard } from '../stores/live'
import {
  boardMode,
  boardOffice,
  loadBoard,
  loadOffices,
  loadStoneFacts,
  newBoard,
  offices,
  setFree,
  stoneFacts,
} from '../stores/booking'
import { OfficeFlag } from './OfficeFlag'
import { SlotBoard } from './SlotBoard'
import { StoneAnswers, StoneLabel } from './StoneAnswers'
import './appointments.css'

/**
 * /appointments/book: an office (or a video meeting with its sales people), a slot from its board,
 * the purpose, the stones to see (prefilled from the cart, a selection or a stone's page through
 * `?stones=`) and an optional demand. After booking, what stock answered for each stone and, when
 * virtual, the meeting room.
 */
export function BookPage() {
  const { t } = useTranslation()
  const search = useSearch()
  const office = useSnapshot(offices)
  const [board] = useState(() => newBoard())
  const [removed, setRemoved] = useState<readonly string[]>([])
  const stoneIds = useMemo(() => stonesFromQuery(search).filter((id) => !removed.includes(id)), [search, removed])
  const [slot, setSlot] = useState<SlotView | null>(null)
  const [purpose, setPurpose] = useState('')
  const [demandId, setDemandId] = useState('')
  const [demands, setDemands] = useState<{ id: string; title: string }[]>([])
  const [purposeError, setPurposeError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [booked, setBooked] = useState<AppointmentView | null>(null)
  const { officeId, virtual } = useSnapshot(board)
  const { userPermissions } = useSnapshot(session)
  const facts = useSnapshot(stoneFacts).byId
  const outside = anyOutsideIndia(stoneIds.map((id) => facts[id]?.locNm))

  useEffect(() => void loadOffices(), [])
  useEffect(() => followBoard(board), [board])
  useEffect(() => void loadStoneFacts(stoneIds), [stoneIds])
  useEffect(() => {
    if (!allowed(userPermissions, 'demand', 'view')) return
    void myDemands().then(({ data }) => {
      if (data) setDemands(data.list.filter((d) => d.status === 'active').map((d) => ({ id: d.id, title: d.title })))
    })
  }, [userPermissions])
  useEffect(() => {
    // The first office until the buyer picks one.
    if (!board.officeId && office.list[0]) boardOffice(board, office.list[0].id)
  }, [board, office.list])

  const current = office.list.find((o) => o.id === officeId)

  function pickOffice(id: string) {
    setSlot(null)
    boardOffice(board, id)
  }
  function pickMode(v: boolean) {
    setSlot(null)
    boardMode(board, v)
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    if (!slot) return showToast(t('appointments.book.pickSlot'), 'error')
    if (!purpose.trim()) return setPurposeError(t('appointments.book.purposeRequired'))
    setPurposeError(null)
    setBusy(true)
    const { data, error } = await bookSlot({
      slotId: slot.id,
      purpose: purpose.trim(),
      virtual: board.virtual,
      ...(stoneIds.length ? { stoneIds } : {}),
      ...(demandId ? { demandId } : {}),
    })
    setBusy(false)
    if (error) {
      showToast(codeText(error.code, error.message), 'error')
      if (error.code === 'E_SLOT_TAKEN') {
        setFree(board, slot.id, 0)
        setSlot(null)
      }
      void loadBoard(board, { quiet: true })
      return
    }
    setBooked(data)
    showToast(t('appointments.book.done'), 'success')
    // Until the board is pushed to, our own booking is read back at once.
    void loadBoard(board, { quiet: true })
  }

  if (booked) return <Booked view={booked} onAnother={() => (setBooked(null), setSlot(null))} />

  return (
    <div className="page acct-page appt-page" data-testid="screen-bookAppointment">
      <nav className="acct-crumbs" aria-label={t('shell.screens.myAppointments')}>
        <Link href="/appointments">{t('shell.screens.myAppointments')}</Link>
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
        <span>{t('shell.screens.bookAppointment')}</span>
      </nav>
      <h1 className="page-title">{t('shell.screens.bookAppointment')}</h1>
      <p className="acct-intro">{t('appointments.book.intro')}</p>
      {office.load === 'error' ? (
        <div className="acct-state acct-state--error" role="alert">
          <p>{codeText(office.error?.code ?? '', office.error?.message ?? '')}</p>
        </div>
      ) : (
        <form className="appt-form" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="appt-fieldset">
            <legend>{t('appointments.book.office')}</legend>
            <div className="appt-offices" data-testid="office-picker">
              {office.list.map((o) => (
                <label key={o.id} className={`appt-office${o.id === officeId ? ' is-picked' : ''}`}>
                  <input
                    type="radio"
                    name="office"
                    value={o.id}
                    checked={o.id === officeId}
                    onChange={() => pickOffice(o.id)}
                    data-testid={`office-${o.code}`}
                  />
                  <OfficeFlag code={o.code} />
                  <span>{t(`appointments.offices.${o.code}`, { defaultValue: o.name })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="appt-fieldset">
            <legend>{t('appointments.book.mode')}</legend>
            <div className="appt-modes">
              <label className="check">
                <input
                  type="radio"
                  name="mode"
                  checked={!virtual}
                  onChange={() => pickMode(false)}
                  data-testid="mode-office"
                />
                <span>{t('appointments.book.inOffice')}</span>
              </label>
              <label className="check">
                <input
                  type="radio"
                  name="mode"
                  checked={virtual}
                  onChange={() => pickMode(true)}
                  data-testid="mode-virtual"
                />
                <span>{t('appointments.book.virtual')}</span>
              </label>
            </div>
          </fieldset>
          <fieldset className="appt-fieldset">
            <legend>{t('appointments.book.slot')}</legend>
            {current && (
              <SlotBoard
                board={board}
                timeZone={current.timeZone}
                officeName={t(`appointments.offices.${current.code}`, { defaultValue: current.name })}
                picked={slot?.id ?? null}
                onPick={setSlot}
              />
            )}
            {slot && current && (
              <p className="appt-picked" data-testid="picked-slot" role="status">
                {t('appointments.book.picked', {
                  date: wallClock(slot.startsAt, current.timeZone).date,
                  time: wallClock(slot.startsAt, current.timeZone).time,
                })}
              </p>
            )}
          </fieldset>
          <FormField
            id="appt-purpose"
            label={t('appointments.book.purpose')}
            required
            error={purposeError}
            help={t('appointments.book.purposeHelp')}
          >
            <textarea
              {...fieldProps('appt-purpose', { error: purposeError, help: true, required: true })}
              className="input"
              rows={3}
              maxLength={500}
              value={purpose}
              onChange={(e) => setPurpose(e.target.value)}
              data-testid="appt-purpose"
            />
          </FormField>
          <fieldset className="appt-fieldset">
            <legend>{t('appointments.book.stones', { count: stoneIds.length })}</legend>
            {stoneIds.length === 0 ? (
              <p className="acct-note">{t('appointments.book.noStones')}</p>
            ) : (
              <ul className="appt-stones" data-testid="book-stones">
                {stoneIds.map((id) => (
                  <li key={id} className="appt-stone">
                    <StoneLabel id={id} />
                    <button
                      type="button"
                      className="btn btn--small btn--ghost"
                      onClick={() => setRemoved([...removed, id])}
                    >
                      {t('appointments.removeStone')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {outside && (
              <p className="notice appt-notice" data-testid="outside-india">
                {t('appointments.book.outsideIndia')}
              </p>
            )}
            {stoneIds.length > 0 && (
              <Link href={`/account/office-list?stones=${stoneIds.join(',')}`} data-testid="ask-instead">
                {t('appointments.book.askInstead')}
              </Link>
            )}
          </fieldset>
          {demands.length > 0 && (
            <FormField id="appt-demand" label={t('appointments.book.demand')}>
              <select
                {...fieldProps('appt-demand')}
                className="input"
                value={demandId}
                onChange={(e) => setDemandId(e.target.value)}
                data-testid="appt-demand"
              >
                <option value="">{t('appointments.book.noDemand')}</option>
                {demands.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.title}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <div className="appt-submit">
            <button type="submit" className="btn btn--primary" disabled={busy} data-testid="book-submit">
              {t('appointments.book.submit')}
            </button>
          </div>
        </form>
      )}
    </div>
  )
}

/** The booking made: when and where, what stock answered per stone, the room when virtual. */
function Booked({ view, onAnother }: { view: AppointmentView; onAnother: () => void }) {
  const { t } = useTranslation()
  const at = wallClock(view.startsAt, view.office.timeZone)
  return (
    <div className="page acct-page appt-page" data-testid="screen-bookAppointment">
      <h1 className="page-title">{t('appointments.booked.title')}</h1>
      <section className="appt-card" data-testid="booked" data-id={view.id}>
        <p className="appt-when" data-testid="booked-when">
          <OfficeFlag code={view.office.code} />{' '}
          {t('appointments.when', {
            date: at.date,
            time: at.time,
            office: t(`appointments.offices.${view.office.code}`, { defaultValue: view.office.name }),
          })}
        </p>
        <p>
          {view.virtual
            ? t('appointments.withVirtual', { person: view.salesPerson.name })
            : t('appointments.withCabin', { person: view.salesPerson.name, cabin: view.cabin?.name ?? '' })}
        </p>
        {view.room && <RoomLink href={view.room} />}
        {view.stones.length > 0 && <StoneAnswers appointmentId={view.id} initial={view.stones} />}
      </section>
      <div className="appt-actions">
        <Link href="/appointments" className="btn btn--primary" data-testid="to-my-appointments">
          {t('shell.screens.myAppointments')}
        </Link>
        <button type="button" className="btn" onClick={onAnother}>
          {t('appointments.booked.another')}
        </button>
      </div>
    </div>
  )
}

export function RoomLink({ href }: { href: string }) {
  const { t } = useTranslation()
  return (
    <p className="appt-room">
      <a href={href} target="_blank" rel="noreferrer noopener" data-testid="room-link">
        {t('appointments.room')}
      </a>
      <span className="acct-note"> {t('appointments.roomNote')}</span>
    </p>
  )
}
