import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation, useSearch } from 'wouter'
import type { ViewingRequestPage, ViewingRequestView } from '@diamond/contracts/http/viewing-requests'
import { Dialog } from '../../../components/Dialog'
import { EmptyState } from '../../../components/EmptyState'
import { FormField, fieldProps } from '../../../components/FormField'
import { ListPager } from '../../../components/ListPager'
import type { ApiResult } from '../../../lib/api'
import { fmtDate } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { live } from '../../../lib/realtime'
import { allowed, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import {
  acceptViewingRequest,
  createViewingRequest,
  declineViewingRequest,
  listViewingRequests,
  withdrawViewingRequest,
} from '../api/appointments'
import { stonesFromQuery } from '../stores/board.rules'
import { loadOffices, loadStoneFacts, offices } from '../stores/booking'
import { OfficeFlag } from './OfficeFlag'
import { SlotPickDialog } from './SlotPickDialog'
import { StoneLabel } from './StoneAnswers'
import './appointments.css'

const LIMIT = 20

/**
 * /account/office-list (the spec's view request list): a buyer asks to see stones at an office
 * without choosing a time (`?stones=` from the booking screen prefills a new request), follows the
 * answer and withdraws an open one; the sales side books a time for it or declines it with a note.
 */
export function ViewingRequestsPage() {
  const { t } = useTranslation()
  const search = useSearch()
  const [, navigate] = useLocation()
  const asked = useMemo(() => stonesFromQuery(search), [search])
  const { userPermissions } = useSnapshot(session)
  const sales = allowed(userPermissions, 'office', 'all')
  const canAsk = allowed(userPermissions, 'office', 'insert') && !sales
  const [page, setPage] = useState(1)
  const [result, setResult] = useState<ViewingRequestPage | null>(null)
  const [error, setError] = useState<{ code: string; message: string } | null>(null)
  const [accepting, setAccepting] = useState<ViewingRequestView | null>(null)
  const [declining, setDeclining] = useState<ViewingRequestView | null>(null)

  function show({ data, error: err }: ApiResult<ViewingRequestPage>) {
    setError(err)
    if (data) setResult(data)
  }
  const load = () => listViewingRequests({ page, limit: LIMIT }).then(show)
  useEffect(() => {
    void listViewingRequests({ page, limit: LIMIT }).then(show)
  }, [page])
  useEffect(() => {
    const off = live.on('viewing-request.changed', () => void load())
    const offConnect = live.on('connect', () => void load())
    return () => {
      off()
      offConnect()
    }
  })
  useEffect(() => void loadStoneFacts(result?.list.flatMap((r) => r.stoneIds) ?? []), [result])

  async function withdraw(r: ViewingRequestView) {
    const { error: err } = await withdrawViewingRequest({ id: r.id })
    if (err) showToast(codeText(err.code, err.message), 'error')
    else showToast(t('appointments.requests.withdrawn'), 'success')
    await load()
  }

  return (
    <div className="page acct-page appt-page" data-testid="screen-officeList">
      <nav className="acct-crumbs" aria-label={t('shell.screens.account')}>
        <Link href="/account">{t('shell.screens.account')}</Link>
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
        <span>{t('shell.screens.officeList')}</span>
      </nav>
      <h1 className="page-title">{t('shell.screens.officeList')}</h1>
      <p className="acct-intro">{t(sales ? 'appointments.requests.introSales' : 'appointments.requests.intro')}</p>
      {canAsk && asked.length > 0 && (
        <NewRequest
          stoneIds={asked}
          onDone={() => {
            navigate('/account/office-list', { replace: true })
            void load()
          }}
        />
      )}
      {error ? (
        <div className="acct-state acct-state--error" role="alert">
          <p>{codeText(error.code, error.message)}</p>
        </div>
      ) : !result ? (
        <p className="acct-state" role="status">
          {t('appointments.loading')}
        </p>
      ) : result.list.length === 0 ? (
        <EmptyState textKey="empty.viewRequest" />
      ) : (
        <>
          <ul className="appt-list" data-testid="request-list">
            {result.list.map((r) => (
              <RequestCard
                key={r.id}
                request={r}
                sales={sales}
                onWithdraw={() => void withdraw(r)}
                onAccept={() => setAccepting(r)}
                onDecline={() => setDeclining(r)}
              />
            ))}
          </ul>
          <ListPager page={page} pages={Math.ceil(result.count / LIMIT)} onPage={setPage} />
        </>
      )}
      {accepting && (
        <AcceptDialog
          request={accepting}
          onClose={() => setAccepting(null)}
          onDone={() => {
            setAccepting(null)
            void load()
          }}
        />
      )}
      {declining && (
        <DeclineDialog
          request={declining}
          onClose={() => setDeclining(null)}
          onDone={() => {
            setDeclining(null)
            void load()
          }}
        />
      )}
    </div>
  )
}

function RequestCard({
  request: r,
  sales,
  onWithdraw,
  onAccept,
  onDecline,
}: {
  request: ViewingRequestView
  sales: boolean
  onWithdraw: () => void
  onAccept: () => void
  onDecline: () => void
}) {
  const { t } = useTranslation()
  const office = t(`appointments.offices.${r.office.code}`, { defaultValue: r.office.name })
  return (
    <li className="appt-card" data-testid={`request-${r.id}`} data-status={r.status}>
      <div className="appt-card-head">
        <p className="appt-when">
          <OfficeFlag code={r.office.code} /> {office} · {fmtDate(r.createdAt)}
        </p>
        <span className={`acct-badge appt-status appt-status--${r.status}`} data-testid="request-status">
          {t(`appointments.requests.status.${r.status}`)}
        </span>
      </div>
      {sales && (
        <p>
          <strong>{r.buyer.username}</strong>
          {r.buyer.company ? ` · ${r.buyer.company}` : ''}
        </p>
      )}
      {r.note && (
        <p className="appt-purpose">
          <span className="acct-note">{t('appointments.requests.note')}:</span> {r.note}
        </p>
      )}
      {r.answer && (
        <p className="appt-purpose" data-testid="request-answer">
          <span className="acct-note">{t('appointments.requests.answer')}:</span> {r.answer}
        </p>
      )}
      <ul className="appt-stones">
        {r.stoneIds.map((id) => (
          <li key={id} className="appt-stone">
            <StoneLabel id={id} />
          </li>
        ))}
      </ul>
      <div className="appt-actions">
        {r.appointmentId && (
          <Link href={sales ? '/appointments/calendar' : '/appointments'} className="btn btn--small">
            {t('appointments.requests.seeAppointment')}
          </Link>
        )}
        {r.status === 'open' && !sales && (
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={onWithdraw}
            data-testid="request-withdraw"
          >
            {t('appointments.requests.withdraw')}
          </button>
        )}
        {r.status === 'open' && sales && (
          <>
            <button
              type="button"
              className="btn btn--small btn--primary"
              onClick={onAccept}
              data-testid="request-accept"
            >
              {t('appointments.requests.accept')}
            </button>
            <button type="button" className="btn btn--small" onClick={onDecline} data-testid="request-decline">
              {t('appointments.requests.decline')}
            </button>
          </>
        )}
      </div>
    </li>
  )
}

/** A new request for the stones the link carries: which office, and a note. */
function NewRequest({ stoneIds, onDone }: { stoneIds: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation()
  const office = useSnapshot(offices)
  const [officeId, setOfficeId] = useState('')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => void loadOffices(), [])
  useEffect(() => void loadStoneFacts(stoneIds), [stoneIds])
  const chosen = officeId || office.list[0]?.id || ''

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    if (!chosen) return
    setBusy(true)
    const { error } = await createViewingRequest({
      officeId: chosen,
      stoneIds: [...stoneIds],
      ...(note.trim() ? { note: note.trim() } : {}),
    })
    setBusy(false)
    if (error) return showToast(codeText(error.code, error.message), 'error')
    showToast(t('appointments.requests.sent'), 'success')
    onDone()
  }

  return (
    <form className="appt-card appt-form" onSubmit={(e) => void submit(e)} data-testid="request-new">
      <h2 className="acct-section-title">{t('appointments.requests.new', { count: stoneIds.length })}</h2>
      <ul className="appt-stones">
        {stoneIds.map((id) => (
          <li key={id} className="appt-stone">
            <StoneLabel id={id} />
          </li>
        ))}
      </ul>
      <FormField id="request-office" label={t('appointments.book.office')} required>
        <select
          {...fieldProps('request-office', { required: true })}
          className="input"
          value={chosen}
          onChange={(e) => setOfficeId(e.target.value)}
          data-testid="request-office"
        >
          {office.list.map((o) => (
            <option key={o.id} value={o.id}>
              {t(`appointments.offices.${o.code}`, { defaultValue: o.name })}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="request-note" label={t('appointments.requests.note')}>
        <textarea
          {...fieldProps('request-note')}
          className="input"
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="request-note"
        />
      </FormField>
      <div className="appt-submit">
        <button type="submit" className="btn btn--primary" disabled={busy || !chosen} data-testid="request-submit">
          {t('appointments.requests.send')}
        </button>
      </div>
    </form>
  )
}

/** The sales side books a time of the request's office for its buyer and stones. */
function AcceptDialog({
  request,
  onClose,
  onDone,
}: {
  request: ViewingRequestView
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation()
  return (
    <SlotPickDialog
      office={request.office}
      title={t('appointments.requests.accept')}
      submitLabel={t('appointments.requests.accept')}
      testId="accept-dialog"
      submitTestId="accept-submit"
      onClose={onClose}
      onSubmit={async (slot) => {
        const { error } = await acceptViewingRequest({ id: request.id, slotId: slot.id })
        if (error) return error
        showToast(t('appointments.requests.accepted'), 'success')
        onDone()
        return null
      }}
    />
  )
}

/** The sales side says no, with a note the buyer reads. */
function DeclineDialog({
  request,
  onClose,
  onDone,
}: {
  request: ViewingRequestView
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  async function decline() {
    if (!note.trim()) return setProblem(t('appointments.requests.noteRequired'))
    const { error } = await declineViewingRequest({ id: request.id, note: note.trim() })
    if (error) return showToast(codeText(error.code, error.message), 'error')
    showToast(t('appointments.requests.declined'), 'success')
    onDone()
  }
  return (
    <Dialog
      open
      title={t('appointments.requests.decline')}
      onDismiss={onClose}
      testId="decline-dialog"
      actions={
        <>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void decline()}
            data-testid="decline-submit"
          >
            {t('appointments.requests.decline')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      }
    >
      <FormField id="decline-note" label={t('appointments.requests.answer')} required error={problem}>
        <textarea
          {...fieldProps('decline-note', { error: problem, required: true })}
          className="input"
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="decline-note"
        />
      </FormField>
    </Dialog>
  )
}
