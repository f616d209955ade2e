import { useEffect, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import type { AuctionStone } from '@diamond/contracts/http/bidding'
import { BID_KIND_RULES, BID_KINDS, type BidKind } from '@diamond/contracts/http/bidding.values'
import { EmptyState } from '../../../components/EmptyState'
import { fieldProps, FormField } from '../../../components/FormField'
import { ListPager } from '../../../components/ListPager'
import { fmt2, fmtCount, fmtText } from '../../../lib/format'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { BidPageHead } from './BidPageHead'
import { room } from '../stores/lots'
import { dateTimeText, perCarat } from '../stores/money'
import { confirm } from '../../../lib/confirm'
import {
  auctions,
  AUCTIONS_PAGE,
  loadAuctions,
  loadStones,
  openAuctions,
  setKind,
  STONES_PAGE,
  submitAuction,
  toggleStone,
  withdraw,
} from '../stores/auctions'
import './bids.css'
import './auctions.css'

const pagesOf = (count: number, size: number) => Math.max(1, Math.ceil(count / size))

/**
 * /account/auctions, for the operator's sales team (bid module, all): a new auction of stones up for
 * bid — its kind, times on the portal's clock, increment and soft close, each stone's start, reserve
 * and buy-now — and the auctions so far, each linking to its room.
 */
export function AuctionsPage() {
  const { t } = useTranslation()
  useEffect(() => openAuctions(Date.now() + room.offsetMs), [])
  return (
    <div className="page bid-page auction-page" data-testid="screen-auctions">
      <BidPageHead title={t('shell.screens.auctions')} intro={t('auctions.intro')} />
      <NewAuction />
      <AuctionList />
    </div>
  )
}

type DraftText = 'title' | 'opensAt' | 'closesAt' | 'increment' | 'softWindowSeconds' | 'softExtendSeconds'

/** A required text field of the new auction, bound to its place in the draft and its error there. */
function DraftInput({
  field,
  id,
  label,
  help,
  ...input
}: {
  field: DraftText
  id: string
  label: string
  help?: string
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'maxLength'>) {
  const { t } = useTranslation()
  const { draft, errors } = useSnapshot(auctions)
  const error = errors[field] ? t(`auctions.errors.${errors[field]}`) : null
  return (
    <FormField id={id} label={label} required error={error} help={help}>
      <input
        {...input}
        {...fieldProps(id, { error, help: !!help, required: true })}
        value={draft[field]}
        onChange={(e) => (auctions.draft[field] = e.target.value)}
      />
    </FormField>
  )
}

function NewAuction() {
  const { t } = useTranslation()
  const { draft, errors, failure, unavailable, saving, dropped } = useSnapshot(auctions)
  const rules = BID_KIND_RULES[draft.kind]
  const err = (id: string) => (errors[id] ? t(`auctions.errors.${errors[id]}`) : null)

  /** Takes an offered stone out; the focus moves to the next one's Remove (or the create button), not the page. */
  function removeLot(stone: AuctionStone, at: number) {
    toggleStone(stone)
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLElement>('.auction-lots [data-remove]')
      ;(
        buttons[Math.min(at, buttons.length - 1)] ??
        document.querySelector<HTMLElement>('[data-testid="auction-create"]')
      )?.focus()
    })
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const title = auctions.draft.title.trim()
    const n = auctions.draft.lots.length
    const id = await submitAuction(Date.now() + room.offsetMs)
    if (id) showToast(t('auctions.created', { title, n }), 'success')
    else
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>('.auction-form [aria-invalid="true"], .auction-form [role="alert"]')
          ?.focus(),
      )
  }

  return (
    <form
      className="auction-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="auction-form"
      aria-labelledby="auction-new"
    >
      <h2 id="auction-new" className="auction-heading">
        {t('auctions.newAuction')}
      </h2>
      <fieldset className="form-section">
        <div className="form-grid">
          <DraftInput field="title" id="auction-title" label={t('auctions.fields.title')} maxLength={120} />
          <FormField id="auction-kind" label={t('auctions.fields.kind')} help={t(`bids.kindHelp.${draft.kind}`)}>
            <select
              {...fieldProps('auction-kind', { help: true })}
              value={draft.kind}
              onChange={(e) => setKind(e.target.value as BidKind)}
            >
              {BID_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`bids.kinds.${k}`)}
                </option>
              ))}
            </select>
          </FormField>
          <DraftInput
            field="opensAt"
            id="auction-opens"
            label={t('auctions.fields.opensAt')}
            help={t('auctions.fields.timeHelp')}
            type="datetime-local"
          />
          <DraftInput
            field="closesAt"
            id="auction-closes"
            label={t('auctions.fields.closesAt')}
            type="datetime-local"
          />
          {!rules.sealed && (
            <DraftInput
              field="increment"
              id="auction-increment"
              label={t('auctions.fields.increment')}
              inputMode="decimal"
            />
          )}
        </div>
        {rules.softClose && (
          <div className="form-grid">
            <DraftInput
              field="softWindowSeconds"
              id="auction-soft-window"
              label={t('auctions.fields.softWindow')}
              help={t('auctions.fields.softHelp')}
              inputMode="numeric"
            />
            <DraftInput
              field="softExtendSeconds"
              id="auction-soft-extend"
              label={t('auctions.fields.softExtend')}
              inputMode="numeric"
            />
          </div>
        )}
      </fieldset>

      <StonePicker />

      <fieldset className="form-section">
        <legend>{t('auctions.chosen', { n: fmtCount(draft.lots.length) })}</legend>
        {errors.lots && (
          <p className="field-error" role="alert" tabIndex={-1} data-testid="auction-lots-error">
            {t(`auctions.errors.${errors.lots}`)}
          </p>
        )}
        {dropped > 0 && (
          <p className="form-section-text" role="status" data-testid="auction-dropped">
            {t('auctions.dropped', { n: fmtCount(dropped) })}
          </p>
        )}
        {unavailable.length > 0 && (
          <p className="field-error" role="alert" tabIndex={-1} data-testid="auction-unavailable">
            {t('auctions.errors.unavailable', { n: unavailable.length })}
          </p>
        )}
        {draft.lots.length === 0 ? (
          <p className="form-section-text">{t('auctions.chooseStones')}</p>
        ) : (
          <div className="acct-table-wrap">
            <table className="acct-table bid-table auction-lots" data-testid="auction-lots">
              <thead>
                <tr>
                  <th scope="col">{t('auctions.columns.stone')}</th>
                  <th scope="col" className="num">
                    {t('auctions.columns.asking')}
                  </th>
                  <th scope="col">{t('auctions.fields.start')}</th>
                  <th scope="col">{t('auctions.fields.reserve')}</th>
                  {rules.buyNow && <th scope="col">{t('auctions.fields.buyNow')}</th>}
                  <th scope="col">
                    <span className="visually-hidden">{t('auctions.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {draft.lots.map((l, i) => {
                  const v = l.stone.vStnId
                  const cell = (f: 'start' | 'reserve' | 'buyNow', required: boolean) => {
                    const id = `lot-${i}-${f}`
                    const error = err(`lots.${i}.${f}`)
                    return (
                      <td>
                        <input
                          {...fieldProps(id, { error, required })}
                          className={`auction-price${error ? ' is-invalid' : ''}`}
                          inputMode="decimal"
                          aria-label={`${t(`auctions.fields.${f}`)} ${v}`}
                          placeholder={required ? '' : t('auctions.optional')}
                          value={l[f]}
                          data-testid={`lot-${f}-${v}`}
                          onChange={(e) => (auctions.draft.lots[i]![f] = e.target.value)}
                        />
                        {error && (
                          <p className="field-error" id={`${id}-error`}>
                            {error}
                          </p>
                        )}
                      </td>
                    )
                  }
                  return (
                    <tr
                      key={l.stone.stoneId}
                      className={unavailable.includes(l.stone.stoneId) ? 'is-unavailable' : undefined}
                    >
                      <th scope="row">
                        {v} <span className="srch-muted">{t('auctions.carat', { n: fmt2(l.stone.crt) })}</span>
                        {unavailable.includes(l.stone.stoneId) && (
                          <span className="auction-taken"> {t('auctions.takenBadge')}</span>
                        )}
                      </th>
                      <td className="num">{perCarat(l.stone.askingPerCaratCents)}</td>
                      {cell('start', true)}
                      {cell('reserve', false)}
                      {rules.buyNow && cell('buyNow', true)}
                      <td>
                        <button
                          type="button"
                          className="btn btn--small btn--ghost"
                          data-remove
                          onClick={() => removeLot(l.stone, i)}
                          aria-label={`${t('auctions.remove')} ${v}`}
                        >
                          {t('auctions.remove')}
                        </button>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
        {failure && (
          <p className="acct-state acct-state--error" role="alert" tabIndex={-1} data-testid="auction-failure">
            {codeText(failure.code, failure.message)}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={saving} data-testid="auction-create">
            {t(saving ? 'auctions.creating' : 'auctions.create')}
          </button>
        </div>
      </fieldset>
    </form>
  )
}

/** The stones up for bid that the chosen kind may take, a page at a time, with a stone id search. */
function StonePicker() {
  const { t } = useTranslation()
  const { stones, stonesCount, stonesPage, stonesError, search, draft } = useSnapshot(auctions)
  const [typed, setTyped] = useState(search)
  const chosen = new Set(draft.lots.map((l) => l.stone.stoneId))
  const find = () => {
    auctions.search = typed
    void loadStones(1)
  }
  return (
    <fieldset className="form-section">
      <legend>{t('auctions.stones')}</legend>
      <p className="form-section-text">{t('auctions.stonesHelp', { kind: t(`bids.kinds.${draft.kind}`) })}</p>
      <div className="auction-search">
        <label htmlFor="auction-search" className="visually-hidden">
          {t('auctions.search')}
        </label>
        <input
          id="auction-search"
          type="search"
          placeholder={t('auctions.search')}
          value={typed}
          maxLength={40}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              find()
            }
          }}
        />
        <button type="button" className="btn btn--small" onClick={find}>
          {t('auctions.find')}
        </button>
      </div>
      <ListState
        error={stonesError}
        loaded={!!stones}
        empty={stones?.length === 0}
        emptyKey={search.trim() ? 'auctions.noMatch' : 'auctions.noFreeStones'}
        onRetry={() => void loadStones()}
      >
        {() => (
          <>
            <div className="acct-table-wrap">
              <table className="acct-table bid-table" data-testid="auction-stones">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">{t('auctions.columns.pick')}</span>
                    </th>
                    <th scope="col">{t('auctions.columns.stone')}</th>
                    <th scope="col" className="num">
                      {t('auctions.columns.carat')}
                    </th>
                    <th scope="col">{t('auctions.columns.status')}</th>
                    <th scope="col" className="num">
                      {t('auctions.columns.asking')}
                    </th>
                    <th scope="col" className="num">
                      {t('auctions.columns.rap')}
                    </th>
                    <th scope="col">{t('auctions.columns.seller')}</th>
                  </tr>
                </thead>
                <tbody>
                  {stones!.map((s) => (
                    <tr key={s.stoneId} className={chosen.has(s.stoneId) ? 'is-chosen' : undefined}>
                      <td>
                        <input
                          type="checkbox"
                          checked={chosen.has(s.stoneId)}
                          onChange={() => toggleStone(auctions.stones!.find((x) => x.stoneId === s.stoneId)!)}
                          aria-label={t('auctions.pick', { id: s.vStnId })}
                          data-testid={`pick-${s.vStnId}`}
                        />
                      </td>
                      <td>{s.vStnId}</td>
                      <td className="num">{fmt2(s.crt)}</td>
                      <td>{t(`status.${s.wSts}`, { defaultValue: s.wSts })}</td>
                      <td className="num">{perCarat(s.askingPerCaratCents)}</td>
                      <td className="num">{s.rapPerCaratCents > 0 ? perCarat(s.rapPerCaratCents) : '-'}</td>
                      <td>{fmtText(s.seller)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="srch-muted">{t('auctions.stonesTotal', { n: fmtCount(stonesCount) })}</p>
            <ListPager page={stonesPage} pages={pagesOf(stonesCount, STONES_PAGE)} onPage={(p) => void loadStones(p)} />
          </>
        )}
      </ListState>
    </fieldset>
  )
}

/** The auctions so far, newest first; a sealed kind's bids are never counted. */
function AuctionList() {
  const { t } = useTranslation()
  const { list, count, page, error } = useSnapshot(auctions)
  async function withdrawOne(auctionId: string) {
    if (!(await confirm('auctions.confirmWithdraw'))) return
    const r = await withdraw(auctionId)
    if ('error' in r) showToast(codeText(r.error.code, r.error.message), 'error')
    else showToast(t('auctions.withdrawn', { n: fmtCount(r.withdrawn) }), 'success')
  }
  return (
    <section className="auction-list" aria-labelledby="auction-list-title">
      <h2 id="auction-list-title" className="auction-heading">
        {t('auctions.list')}
      </h2>
      <ListState
        error={error}
        loaded={!!list}
        empty={list?.length === 0}
        emptyKey="auctions.noAuctions"
        onRetry={() => void loadAuctions()}
      >
        {() => (
          <>
            <div className="acct-table-wrap">
              <table className="acct-table bid-table" data-testid="auction-list">
                <thead>
                  <tr>
                    <th scope="col">{t('auctions.columns.title')}</th>
                    <th scope="col">{t('auctions.columns.kind')}</th>
                    <th scope="col">{t('auctions.columns.opens')}</th>
                    <th scope="col">{t('auctions.columns.closes')}</th>
                    <th scope="col" className="num">
                      {t('auctions.columns.lots')}
                    </th>
                    <th scope="col" className="num">
                      {t('auctions.columns.unfinished')}
                    </th>
                    <th scope="col" className="num">
                      {t('auctions.columns.sold')}
                    </th>
                    <th scope="col" className="num">
                      {t('auctions.columns.withdrawn')}
                    </th>
                    <th scope="col" className="num">
                      {t('auctions.columns.bids')}
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">{t('auctions.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list!.map((a) => (
                    <tr key={a.id} data-testid={`auction-${a.id}`}>
                      <th scope="row">
                        <Link href={`/search-bid-diamond/${a.id}`}>{a.title}</Link>
                      </th>
                      <td>{t(`bids.kinds.${a.kind}`)}</td>
                      <td>{dateTimeText(a.opensAt)}</td>
                      <td>{dateTimeText(a.closesAt)}</td>
                      <td className="num">{fmtCount(a.lots)}</td>
                      <td className="num">{fmtCount(a.unfinished)}</td>
                      <td className="num">{fmtCount(a.sold)}</td>
                      <td className="num">{fmtCount(a.withdrawn)}</td>
                      <td className="num">
                        {a.bids === null ? (
                          <span title={t('auctions.sealedCount')}>{t('auctions.sealed')}</span>
                        ) : (
                          fmtCount(a.bids)
                        )}
                      </td>
                      <td>
                        {a.unfinished > 0 && (
                          <button
                            type="button"
                            className="btn btn--small btn--ghost"
                            data-testid={`withdraw-${a.id}`}
                            aria-label={`${t('auctions.withdraw')} ${a.title}`}
                            onClick={() => void withdrawOne(a.id)}
                          >
                            {t('auctions.withdraw')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ListPager page={page} pages={pagesOf(count, AUCTIONS_PAGE)} onPage={(p) => void loadAuctions(p)} />
          </>
        )}
      </ListState>
    </section>
  )
}

/** A list's states before the list itself: its error with a retry, loading, or the empty state. */
function ListState(props: {
  error: ApiError | null
  loaded: boolean
  empty: boolean
  emptyKey: string
  onRetry: () => void
  children: () => ReactNode
}) {
  const { t } = useTranslation()
  if (props.error)
    return (
      <div className="acct-state acct-state--error" role="alert">
        <p>{codeText(props.error.code, props.error.message)}</p>
        <button type="button" className="btn" onClick={props.onRetry}>
          {t('auctions.retry')}
        </button>
      </div>
    )
  if (!props.loaded)
    return (
      <p className="acct-state" role="status">
        {t('auctions.loading')}
      </p>
    )
  if (props.empty) return <EmptyState textKey={props.emptyKey} />
  return <>{props.children()}</>
}
