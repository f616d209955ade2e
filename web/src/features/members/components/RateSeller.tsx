import type { RateableList } from '@diamond/contracts/http/members'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../components/Dialog'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { rateableOf, rateSeller } from '../api/members'
import './members.css'

type Rateable = RateableList['list'][number]

/**
 * Purchase history's "Rate seller" action for one delivered order (given by the route beside the
 * orders screen): a button per seller not rated yet, the score given for those rated.
 */
export function RateSeller({ orderId }: { orderId: string }) {
  const { t } = useTranslation()
  const [sellers, setSellers] = useState<Rateable[] | null>(null)
  const [open, setOpen] = useState<Rateable | null>(null)
  useEffect(() => {
    let live = true
    void rateableOf([orderId]).then((r) => live && setSellers(r.data?.list ?? []))
    return () => {
      live = false
    }
  }, [orderId])
  if (!sellers?.length) return null
  return (
    <div className="mem-rate" data-testid="rate-seller">
      {sellers.map((s) =>
        s.score === null ? (
          <button
            key={s.companyId}
            type="button"
            className="btn btn--small btn--primary"
            data-testid="rate-seller-open"
            onClick={() => setOpen(s)}
          >
            {sellers.length > 1 ? t('members.rate.actionOf', { company: s.companyName }) : t('members.rate.action')}
          </button>
        ) : (
          <span key={s.companyId} className="mem-rated" data-testid="rated">
            {t('members.rate.rated', { company: s.companyName, score: s.score })}
          </span>
        ),
      )}
      {open && (
        <RateDialog
          seller={open}
          onClose={() => setOpen(null)}
          onRated={(score) => {
            setSellers((l) => l?.map((x) => (x.companyId === open.companyId ? { ...x, score } : x)) ?? null)
            setOpen(null)
          }}
        />
      )}
    </div>
  )
}

function RateDialog({
  seller,
  onClose,
  onRated,
}: {
  seller: Rateable
  onClose: () => void
  onRated: (score: number) => void
}) {
  const { t } = useTranslation()
  const [score, setScore] = useState(0)
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  async function send() {
    if (!score) return
    setBusy(true)
    const r = await rateSeller({
      orderId: seller.orderId,
      companyId: seller.companyId,
      score,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    })
    setBusy(false)
    if (r.error) return showToast(codeText(r.error.code, r.error.message), 'error')
    showToast(t('members.rate.done'), 'success')
    onRated(score)
  }
  return (
    <Dialog
      open
      title={t('members.rate.title', { company: seller.companyName })}
      onDismiss={onClose}
      testId="rate-dialog"
      actions={
        <>
          <button
            type="submit"
            form="rate-form"
            className="btn btn--primary"
            disabled={!score || busy}
            data-testid="rate-send"
          >
            {t('members.rate.send')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      }
    >
      <form
        id="rate-form"
        className="form mem-rate-form"
        onSubmit={(e) => {
          e.preventDefault()
          void send()
        }}
      >
        <fieldset className="mem-score">
          <legend>{t('members.rate.score')}</legend>
          <div className="mem-score-stars" dir="ltr">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={n <= score ? 'is-on' : undefined}>
                <input
                  type="radio"
                  name="score"
                  value={n}
                  checked={score === n}
                  data-testid={`score-${n}`}
                  onChange={() => setScore(n)}
                />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{t('members.rate.stars', { count: n })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="mem-filter">
          <span>{t('members.rate.comment')}</span>
          <textarea
            rows={3}
            maxLength={1000}
            data-testid="rate-comment"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </label>
      </form>
    </Dialog>
  )
}
