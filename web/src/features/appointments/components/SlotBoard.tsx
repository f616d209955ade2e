import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { SlotView } from '@diamond/contracts/http/appointments'
import { codeText } from '../../../lib/i18n'
import { addDays, byOfficeDay, clocksDiffer, dayLabel, pickable, wallClock } from '../stores/board.rules'
import { BOARD_DAYS, boardFrom, loadBoard, type Board } from '../stores/booking'

/** The reader's own zone, as the browser knows it. */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

interface Props {
  board: Board
  timeZone: string
  officeName: string
  picked: string | null
  onPick: (slot: SlotView) => void
  /** A slot to leave out (the appointment's own, when moving it). */
  except?: string
}

/**
 * A week of an office's slots by the office's day: each slot in the office's time and, when the
 * reader's clock says otherwise, in the reader's time too; how many bookings it still takes. A full
 * or begun slot is not offered.
 */
export function SlotBoard({ board, timeZone, officeName, picked, onPick, except }: Props) {
  const { t } = useTranslation()
  const snap = useSnapshot(board)
  const [now, setNow] = useState(() => Date.now())
  const mine = viewerZone()
  useEffect(() => {
    // A slot that begins while the board is open stops being offered.
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])

  const today = wallClock(now, timeZone).day
  const from = snap.from || today
  const move = (days: number) => boardFrom(board, addDays(from, days), today)
  const days = byOfficeDay(
    snap.slots.filter((s) => s.id !== except && pickable(s, now)),
    timeZone,
  )

  return (
    <div className="appt-board" data-testid="slot-board" data-state={snap.load}>
      <div className="appt-board-nav">
        <button
          type="button"
          className="btn btn--small"
          disabled={from <= today}
          onClick={() => move(-BOARD_DAYS)}
          data-testid="board-prev"
        >
          <span className="flip-rtl" aria-hidden="true">
            ‹
          </span>{' '}
          {t('appointments.board.earlier')}
        </button>
        <label className="appt-board-date">
          <span>{t('appointments.board.from')}</span>
          <input
            type="date"
            value={from}
            min={today}
            data-testid="board-date"
            onChange={(e) => {
              if (e.target.value) boardFrom(board, e.target.value, today)
            }}
          />
        </label>
        <button type="button" className="btn btn--small" onClick={() => move(BOARD_DAYS)} data-testid="board-next">
          {t('appointments.board.later')}{' '}
          <span className="flip-rtl" aria-hidden="true">
            ›
          </span>
        </button>
      </div>
      <p className="appt-board-zone">
        {t('appointments.board.zoneNote', { office: officeName, zone: timeZone, mine })}
      </p>
      {snap.load === 'error' ? (
        <div className="acct-state acct-state--error" role="alert">
          <p>{codeText(snap.error?.code ?? '', snap.error?.message ?? '')}</p>
          <button type="button" className="btn" onClick={() => void loadBoard(board)}>
            {t('stones.retry')}
          </button>
        </div>
      ) : snap.load !== 'ready' ? (
        <p className="acct-state" role="status">
          {t('appointments.board.loading')}
        </p>
      ) : days.length === 0 ? (
        <p className="acct-state" role="status" data-testid="board-empty">
          {t('appointments.board.none')}
        </p>
      ) : (
        days.map((d) => (
          <section key={d.day} className="appt-day" aria-label={dayLabel(d.day)}>
            <h3 className="appt-day-title">{dayLabel(d.day)}</h3>
            <ul className="appt-slots">
              {d.slots.map((s) => {
                const office = wallClock(s.startsAt, timeZone)
                const other = clocksDiffer(s.startsAt, timeZone, mine) ? wallClock(s.startsAt, mine) : null
                return (
                  <li key={s.id}>
                    <button
                      type="button"
                      className={`appt-slot${picked === s.id ? ' is-picked' : ''}`}
                      aria-pressed={picked === s.id}
                      data-testid={`slot-${s.startsAt}`}
                      data-slot={s.id}
                      data-free={s.free}
                      onClick={() => onPick(s)}
                    >
                      <span className="appt-slot-time">{office.time}</span>
                      {other && (
                        <span className="appt-slot-mine">
                          {t('appointments.board.yourTime')}{' '}
                          <bdi>
                            {other.date !== office.date ? `${other.date} ` : ''}
                            <span className="appt-slot-clock">{other.time}</span>
                          </bdi>
                        </span>
                      )}
                      <span className="appt-slot-free">{t('appointments.board.free', { count: s.free })}</span>
                    </button>
                  </li>
                )
              })}
            </ul>
          </section>
        ))
      )}
    </div>
  )
}
