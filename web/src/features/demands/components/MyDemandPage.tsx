import type { Demand } from '@diamond/contracts/http/demands'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation, useSearch } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { confirm } from '../../../lib/confirm'
import { fmtCount, fmtDate } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/media'
import { allowed, isOperator, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { FilterChips } from '../../../grid/components/FilterChips'
import {
  draftFromDemand,
  draftFromFilter,
  matchesPath,
  prefillOf,
  todayIn,
  type DemandDraft,
} from '../stores/demandForm.rules'
import { demands, endDemand, loadDemands, openDemands, pagesOfDemands, removeDemand } from '../stores/demands'
import { buyRequestsChanged } from '../stores/notices'
import { BuyRequestInbox } from './BuyRequestInbox'
import { DemandForm } from './DemandForm'
import { Replies } from './Replies'
import '../../../components/stoneFilter.css'
import './demands.css'

type Editing = { id: string | null; draft: DemandDraft } | null

type DemandScreen = 'myDemand' | 'buyRequest'
const PATHS: Record<DemandScreen, string> = { myDemand: '/account/my-demand', buyRequest: '/account/buy-request' }

/**
 * /account/buy-request (issue 26): a buy request is a demand the sales team answers, so the buyer's
 * buy requests are their demands with those answers; the operator's staff (demand all) get the
 * inbox of every buyer's instead.
 */
export function BuyRequestPage() {
  const { user, userPermissions } = useSnapshot(session)
  return isOperator(user) && allowed(userPermissions, 'demand', 'all') ? (
    <BuyRequestInbox />
  ) : (
    <MyDemandPage screenId="buyRequest" />
  )
}

/**
 * /account/my-demand: the buyer's demands with their state and the stones they match now, a table
 * on wide screens and cards up to 767 px (the spec's mobile variant). `?add=<filter>` (the "no
 * match" offer of a search) opens the form on a new demand asking for that filter. The same list,
 * with the sales team's answers to hand, is /account/buy-request.
 */
export function MyDemandPage({ screenId = 'myDemand' }: { screenId?: DemandScreen }) {
  const { t } = useTranslation()
  const search = useSearch()
  const [, navigate] = useLocation()
  const { userPermissions } = useSnapshot(session)
  const canChange = allowed(userPermissions, 'demand', 'insert')
  const [editing, setEditing] = useState<Editing>(null)
  useEffect(() => void openDemands(), [])
  // An answer of the sales team arrives without a reload.
  useEffect(() => buyRequestsChanged.on('changed', () => void loadDemands()), [])
  const buyRequest = screenId === 'buyRequest'

  const prefill = prefillOf(search)
  // The link is read once each time it changes (the form keeps its own copy): `?add=` opens the form.
  const [today] = useState(() => todayIn(Date.now()))
  const [readSearch, setReadSearch] = useState<string | null>(null)
  if (search !== readSearch) {
    setReadSearch(search)
    if (prefill && canChange) setEditing({ id: null, draft: draftFromFilter(prefill, today) })
  }

  function closeForm() {
    setEditing(null)
    if (prefill) navigate(PATHS[screenId], { replace: true })
  }
  const add = () => setEditing({ id: null, draft: draftFromFilter({}, todayIn(Date.now())) })
  const addButton = canChange && (
    <button type="button" className="btn btn--primary" data-testid="demand-add" onClick={add}>
      {t(buyRequest ? 'demands.addBuyRequest' : 'demands.add')}
    </button>
  )

  return (
    <div className="page acct-page dem-page" data-testid={`screen-${screenId}`}>
      <nav className="acct-crumbs" aria-label={t('shell.screens.account')}>
        <Link href="/account">{t('shell.screens.account')}</Link>
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
        <span>{t(`shell.screens.${screenId}`)}</span>
      </nav>
      <div className="acct-section-head">
        <h1 className="page-title">{t(`shell.screens.${screenId}`)}</h1>
        {addButton}
      </div>
      <p className="acct-note">{t(buyRequest ? 'demands.buyRequestIntro' : 'demands.intro')}</p>
      <DemandList
        canChange={canChange}
        onEdit={(d) => setEditing({ id: d.id, draft: draftFromDemand(d, todayIn(Date.now())) })}
        addButton={addButton}
      />
      {editing && (
        <DemandForm
          id={editing.id}
          initial={editing.draft}
          onClose={closeForm}
          onSaved={(added) => {
            closeForm()
            showToast(t(added ? 'demands.added' : 'demands.saved'), 'success')
          }}
        />
      )}
    </div>
  )
}

function DemandList({
  canChange,
  onEdit,
  addButton,
}: {
  canChange: boolean
  onEdit: (d: Demand) => void
  addButton: ReactNode
}) {
  const { t } = useTranslation()
  const { list, error, count, page } = useSnapshot(demands)
  const narrow = useMediaQuery(MOBILE_QUERY)
  const pages = pagesOfDemands()

  if (error && !list)
    return (
      <div className="acct-state acct-state--error" role="alert">
        <p>{codeText(error.code, error.message)}</p>
        <button type="button" className="btn" onClick={() => void loadDemands()}>
          {t('demands.retry')}
        </button>
      </div>
    )
  if (!list) return <div className="acct-state">{t('common.loading')}</div>
  if (list.length === 0) return <EmptyState textKey="demands.empty" action={addButton || undefined} />
  const rows = list as Demand[]
  return (
    <>
      <p className="srch-muted" data-testid="demands-total">
        {t('demands.total', { n: fmtCount(count) })}
      </p>
      {narrow ? (
        <ol className="dem-cards" data-testid="demand-cards">
          {rows.map((d) => (
            <li key={d.id} className="dem-card" data-testid={`demand-${d.id}`} data-state={d.state}>
              <div className="dem-card-head">
                <h2 className="dem-title" dir="auto">
                  {d.title}
                </h2>
                <StateBadge state={d.state} />
              </div>
              {d.description && (
                <p className="dem-description" dir="auto">
                  {d.description}
                </p>
              )}
              <FilterChips filter={d.filter} label={t('demands.columns.criteria')} />
              <Replies demand={d} />
              <dl className="dem-facts">
                <dt>{t('demands.columns.tillDate')}</dt>
                <dd>
                  <time dateTime={d.tillDate}>{fmtDate(d.tillDate)}</time>
                </dd>
                <dt>{t('demands.columns.matches')}</dt>
                <dd>
                  <Matches demand={d} />
                </dd>
              </dl>
              {canChange && <Actions demand={d} onEdit={onEdit} />}
            </li>
          ))}
        </ol>
      ) : (
        <div className="acct-table-wrap">
          <table className="acct-table dem-table" data-testid="demand-table">
            <thead>
              <tr>
                <th scope="col">{t('demands.columns.title')}</th>
                <th scope="col">{t('demands.columns.criteria')}</th>
                <th scope="col">{t('demands.columns.tillDate')}</th>
                <th scope="col">{t('demands.columns.state')}</th>
                <th scope="col" className="num">
                  {t('demands.columns.matches')}
                </th>
                {canChange && <th scope="col">{t('demands.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id} data-testid={`demand-${d.id}`} data-state={d.state}>
                  <th scope="row" className="dem-title-cell">
                    <span className="dem-title" dir="auto">
                      {d.title}
                    </span>
                    {d.description && (
                      <span className="dem-description" dir="auto">
                        {d.description}
                      </span>
                    )}
                    <Replies demand={d} />
                  </th>
                  <td className="dem-criteria-cell">
                    <FilterChips filter={d.filter} label={t('demands.columns.criteria')} />
                  </td>
                  <td>
                    <time dateTime={d.tillDate}>{fmtDate(d.tillDate)}</time>
                  </td>
                  <td>
                    <StateBadge state={d.state} />
                  </td>
                  <td className="num">
                    <Matches demand={d} />
                  </td>
                  {canChange && (
                    <td>
                      <Actions demand={d} onEdit={onEdit} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager page={page} pages={pages} onPage={(p) => void loadDemands(p)} />
    </>
  )
}

function StateBadge({ state }: { state: Demand['state'] }) {
  const { t } = useTranslation()
  const tone = state === 'open' ? ' acct-badge--accent' : state === 'won' ? ' acct-badge--ok' : ''
  return (
    <span className={`acct-badge${tone}`} data-testid="demand-state">
      {t(`demands.states.${state}`)}
    </span>
  )
}

/** The count, as a link to those stones in the result grid. */
function Matches({ demand }: { demand: Demand }) {
  const { t } = useTranslation()
  if (demand.matches === 0) return <span className="dem-none">{t('demands.noMatches')}</span>
  return (
    <Link
      href={matchesPath(demand.id)}
      className="dem-matches"
      data-testid="demand-matches"
      aria-label={t('demands.matchesLabel', { n: fmtCount(demand.matches) })}
    >
      {fmtCount(demand.matches)}
    </Link>
  )
}

function Actions({ demand, onEdit }: { demand: Demand; onEdit: (d: Demand) => void }) {
  const { t } = useTranslation()
  const { busy } = useSnapshot(demands)
  const waiting = busy === demand.id
  const active = demand.status === 'active'

  async function run(kind: 'closed' | 'won' | 'delete') {
    if (kind === 'delete' && !(await confirm('confirm.delete'))) return
    const err = kind === 'delete' ? await removeDemand(demand.id) : await endDemand(demand.id, kind)
    if (err) showToast(codeText(err.code, err.message), 'error')
    else
      showToast(
        t(kind === 'delete' ? 'demands.deleted' : kind === 'won' ? 'demands.markedWon' : 'demands.closed'),
        'success',
      )
  }

  return (
    <div className="dem-actions">
      {active && (
        <button
          type="button"
          className="btn btn--small"
          data-testid="demand-edit"
          disabled={waiting}
          onClick={() => onEdit(demand)}
        >
          {t('demands.edit')}
        </button>
      )}
      {active && demand.matches > 0 && (
        <button
          type="button"
          className="btn btn--small"
          data-testid="demand-won"
          disabled={waiting}
          onClick={() => void run('won')}
        >
          {t('demands.won')}
        </button>
      )}
      {active && (
        <button
          type="button"
          className="btn btn--small"
          data-testid="demand-close"
          disabled={waiting}
          onClick={() => void run('closed')}
        >
          {t('demands.close')}
        </button>
      )}
      <button
        type="button"
        className="btn btn--small btn--ghost acct-danger"
        data-testid="demand-delete"
        disabled={waiting}
        onClick={() => void run('delete')}
      >
        {t('demands.delete')}
      </button>
    </div>
  )
}
