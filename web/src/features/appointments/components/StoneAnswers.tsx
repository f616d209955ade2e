import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import type { AppointmentStone } from '@diamond/contracts/http/appointments'
import { fmt2, fmtText } from '../../../lib/format'
import { appointmentStones } from '../api/appointments'
import { stoneAnswer } from '../stores/board.rules'
import { loadStoneFacts, stoneFacts } from '../stores/booking'

/** How often, and how many times, stones stock has not answered for yet are read again. */
const PENDING_EVERY_MS = 2_000
const PENDING_READS = 15

/** A stone by its number and its main facts, once they are read; its id meanwhile. */
export function StoneLabel({ id }: { id: string }) {
  const { byId } = useSnapshot(stoneFacts)
  const s = byId[id]
  if (!s) return <span className="appt-stone-name">{id.slice(0, 8)}</span>
  return (
    <span className="appt-stone-name" data-testid={`stone-${s.vStnId}`}>
      <Link href={`/diamond-detail/${s.id}`}>{s.vStnId}</Link>{' '}
      <span className="acct-note">
        {fmtText(s.shpNm)} {fmt2(s.crt)} {fmtText(s.colNm)} {fmtText(s.clrNm)}
      </span>
    </span>
  )
}

/**
 * The stones of one appointment with what stock answered for each: held for the slot, not
 * available (and why), or not answered yet (read again a few times while any is waiting).
 */
export function StoneAnswers({
  appointmentId,
  initial,
  onRemove,
}: {
  appointmentId: string
  initial: readonly AppointmentStone[]
  onRemove?: (id: string) => void
}) {
  const { t } = useTranslation()
  // What a later read answered, for the stones it was read for (a new list from the parent wins).
  const [polled, setPolled] = useState<{ for: readonly AppointmentStone[]; list: AppointmentStone[] } | null>(null)
  const stones = polled?.for === initial ? polled.list : initial
  useEffect(() => void loadStoneFacts(stones.map((s) => s.id)), [stones])
  const waiting = stones.some((s) => stoneAnswer(s) === 'pending')
  useEffect(() => {
    if (!waiting) return
    let reads = 0
    const timer = setInterval(() => {
      if (++reads > PENDING_READS) return clearInterval(timer)
      void appointmentStones(appointmentId).then(({ data }) => {
        if (data) setPolled({ for: initial, list: data.list })
      })
    }, PENDING_EVERY_MS)
    return () => clearInterval(timer)
  }, [appointmentId, waiting, initial])

  return (
    <ul className="appt-stones" data-testid={`stones-${appointmentId}`}>
      {stones.map((s) => {
        const answer = stoneAnswer(s)
        return (
          <li key={s.id} className="appt-stone" data-answer={answer}>
            <StoneLabel id={s.id} />
            <span className={`appt-answer appt-answer--${answer}`} data-testid={`answer-${s.id}`}>
              {answer === 'unavailable'
                ? t('appointments.answer.unavailable', {
                    reason: t(`appointments.answer.reasons.${s.reason}`, { defaultValue: s.reason }),
                  })
                : t(`appointments.answer.${answer}`)}
            </span>
            {s.transferDays !== undefined && s.location && (
              <span className="acct-note" data-testid={`transfer-${s.id}`}>
                {t('appointments.answer.transfer', { location: s.location, count: s.transferDays })}
              </span>
            )}
            {onRemove && (
              <button
                type="button"
                className="btn btn--small btn--ghost"
                data-testid={`remove-stone-${s.id}`}
                onClick={() => onRemove(s.id)}
              >
                {t('appointments.removeStone')}
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
