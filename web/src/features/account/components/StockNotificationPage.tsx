import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { codeText } from '../../../lib/i18n'
import { session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { INTERVAL_OPTIONS, STOCK_TYPE_OPTIONS, type StockField } from '../stores/stockNotification.rules'
import { blurStockField, fillStockForm, setStockValue, stockForm, submitStockForm } from '../stores/stockNotification'
import { FormField, fieldProps } from '../../../components/FormField'
import { Section } from './Section'
import { leavingForOwnButton } from './useForm'
import './account.css'

const ID: Record<StockField | 'isStkNoti', string> = {
  stkNotiDt: 'stock-interval',
  stkNoti: 'stock-type',
  isStkNoti: 'stock-enabled',
}

/** The Stock Notification settings form, exactly as spec sections 2 and 5 describe it. */
export function StockNotificationPage({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  const f = useSnapshot(stockForm)
  const { user } = useSnapshot(session)

  // Fills itself from the stored user (and again if the stored user changes underneath).
  useEffect(() => fillStockForm(), [user?.id])

  async function onSubmit() {
    const r = await submitStockForm()
    if (r.kind === 'ok') showToast(t('account.stockNotification.updated'), 'success')
    else if (r.kind === 'invalid') document.getElementById(ID[r.field])?.focus()
    else showToast(codeText(r.error.code, r.error.message), 'error')
  }

  const error = (field: StockField) =>
    f.errors[field] ? t(`account.stockNotification.errors.${f.errors[field]}`) : null
  /** A stored value outside the list still shows, so the "valid option" message has something to point at. */
  const stray = (field: StockField, options: readonly { value: number }[]) =>
    f.values[field] !== '' && !options.some((o) => String(o.value) === f.values[field]) ? f.values[field] : null

  const choice = (field: StockField, options: readonly { value: number; key: string }[], label: string) => {
    const odd = stray(field, options)
    return (
      <FormField id={ID[field]} label={label} required error={error(field)}>
        <select
          {...fieldProps(ID[field], { error: error(field), required: true })}
          name={field}
          data-testid={ID[field]}
          value={f.values[field]}
          onChange={(e) => setStockValue(field, e.target.value)}
          onBlur={(e) => leavingForOwnButton(e) || blurStockField(field)}
        >
          <option value="">{t('account.stockNotification.choose')}</option>
          {odd !== null && <option value={odd}>{odd}</option>}
          {options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {t(`account.stockNotification.${o.key}`)}
            </option>
          ))}
        </select>
      </FormField>
    )
  }

  return (
    <Section embedded={embedded} title={t('account.sections.stockNotification')} testId="stock-notification">
      <p className="acct-intro">{t('account.stockNotification.intro')}</p>
      <form
        className="form acct-form acct-form--narrow"
        noValidate
        data-testid="stock-form"
        onSubmit={(e) => {
          e.preventDefault()
          void onSubmit()
        }}
      >
        {choice('stkNotiDt', INTERVAL_OPTIONS, t('account.stockNotification.interval'))}
        {choice('stkNoti', STOCK_TYPE_OPTIONS, t('account.stockNotification.stockType'))}
        <label className="check acct-switch">
          <input
            type="checkbox"
            role="switch"
            id={ID.isStkNoti}
            data-testid={ID.isStkNoti}
            checked={f.values.isStkNoti}
            onChange={(e) => setStockValue('isStkNoti', e.target.checked)}
          />
          <span>{t('account.stockNotification.enabled')}</span>
        </label>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" data-testid="stock-save" disabled={f.saving}>
            {t('account.save')}
          </button>
        </div>
      </form>
    </Section>
  )
}
