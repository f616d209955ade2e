import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApiError } from '../../../lib/api'
import { fmtDate, fmtTime } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { runFtp, saveFtp, viewFtp, type FtpSource } from '../api/inventory'
import {
  FTP_SCHEDULES,
  ftpProblems,
  UPLOAD_MODES,
  type FtpField,
  type FtpForm,
  type FtpSchedule,
  type UploadMode,
} from '../stores/inventory.rules'
import { ActingFor, InventoryFrame } from './InventoryFrame'

const EMPTY: FtpForm = {
  host: '',
  port: '21',
  user: '',
  password: '',
  folder: '/',
  pattern: '*.csv',
  secure: false,
  schedule: 'daily',
}

const formOf = (s: FtpSource): FtpForm => ({
  host: s.host,
  port: String(s.port),
  user: s.user,
  password: '',
  folder: s.folder,
  pattern: s.pattern,
  secure: s.secure,
  schedule: (FTP_SCHEDULES as readonly string[]).includes(s.schedule) ? s.schedule : 'daily',
})

/** The spec's FTP request (host, port): where the portal fetches the seller's files, and when. */
export function FtpPage() {
  return (
    <ActingFor screen="ftpSettings">
      <FtpScreen />
    </ActingFor>
  )
}

function FtpScreen() {
  const { t } = useTranslation()
  const id = useId()
  const [stored, setStored] = useState<FtpSource | null>(null)
  const [form, setForm] = useState<FtpForm | null>(null)
  const [mode, setMode] = useState<UploadMode>('addUpdate')
  const [loadError, setLoadError] = useState<ApiError | null>(null)
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    void viewFtp().then((r) => {
      if (!live) return
      if (r.error) return setLoadError(r.error)
      setStored(r.data)
      setForm(r.data ? formOf(r.data) : EMPTY)
      if (r.data?.mode) setMode(r.data.mode)
    })
    return () => {
      live = false
    }
  }, [])

  if (loadError)
    return (
      <InventoryFrame screen="ftpSettings">
        <p className="acct-state acct-state--error" role="alert">
          {codeText(loadError.code, loadError.message)}
        </p>
      </InventoryFrame>
    )
  if (!form)
    return (
      <InventoryFrame screen="ftpSettings">
        <p className="acct-state">{t('common.loading')}</p>
      </InventoryFrame>
    )

  const problems = ftpProblems(form)
  const set = <K extends keyof FtpForm>(k: K, v: FtpForm[K]) => setForm({ ...form, [k]: v })
  const problemOf = (f: FtpField) => (touched ? problems[f] : undefined)

  async function save() {
    setTouched(true)
    if (!form || Object.keys(ftpProblems(form)).length) return
    setBusy(true)
    const r = await saveFtp({
      host: form.host.trim(),
      port: Number(form.port),
      user: form.user.trim(),
      password: form.password || undefined,
      folder: form.folder.trim() || '/',
      pattern: form.pattern.trim() || '*',
      secure: form.secure,
      schedule: form.schedule,
      mode,
    })
    setBusy(false)
    if (r.error) return showToast(codeText(r.error.code, r.error.message), 'error')
    setStored(r.data)
    setForm(formOf(r.data))
    showToast(t('inventory.ftp.saved'), 'success')
  }
  async function run() {
    setBusy(true)
    const r = await runFtp()
    setBusy(false)
    if (r.error) return showToast(codeText(r.error.code, r.error.message), 'error')
    showToast(t('inventory.ftp.ran'), 'success')
  }

  const text = (f: 'host' | 'user' | 'folder' | 'pattern', type = 'text', required = false) => {
    const problem = f === 'folder' ? undefined : problemOf(f)
    return (
      <div className={problem ? 'field is-invalid' : 'field'}>
        <label htmlFor={`${id}-${f}`}>
          {t(`inventory.ftp.${f}`)}
          {required && <span className="field-required"> *</span>}
        </label>
        <input
          id={`${id}-${f}`}
          type={type}
          value={form[f]}
          dir="ltr"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          onChange={(e) => set(f, e.currentTarget.value)}
          data-testid={`inv-ftp-${f}`}
        />
        {problem && <p className="field-error">{t(`inventory.ftp.problem.${problem}`)}</p>}
        {f === 'pattern' && <p className="field-help">{t('inventory.ftp.patternHelp')}</p>}
      </div>
    )
  }

  return (
    <InventoryFrame screen="ftpSettings">
      <p className="acct-note">{t('inventory.ftp.intro')}</p>
      <form
        className="inv-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <div className="form-grid">
          {text('host', 'text', true)}
          <div className={problemOf('port') ? 'field is-invalid' : 'field'}>
            <label htmlFor={`${id}-port`}>
              {t('inventory.ftp.port')}
              <span className="field-required"> *</span>
            </label>
            <input
              id={`${id}-port`}
              inputMode="numeric"
              dir="ltr"
              value={form.port}
              onChange={(e) => set('port', e.currentTarget.value)}
              data-testid="inv-ftp-port"
            />
            {problemOf('port') && <p className="field-error">{t(`inventory.ftp.problem.${problemOf('port')}`)}</p>}
          </div>
          {text('user', 'text', true)}
          <div className="field">
            <label htmlFor={`${id}-password`}>{t('inventory.ftp.password')}</label>
            <input
              id={`${id}-password`}
              type="password"
              dir="ltr"
              autoComplete="new-password"
              value={form.password}
              placeholder={stored?.hasPassword ? t('inventory.ftp.passwordKept') : ''}
              onChange={(e) => set('password', e.currentTarget.value)}
              data-testid="inv-ftp-password"
            />
            <p className="field-help">{t('inventory.ftp.passwordHelp')}</p>
          </div>
          {text('folder')}
          {text('pattern')}
          <div className="field">
            <label htmlFor={`${id}-schedule`}>{t('inventory.ftp.schedule')}</label>
            <select
              id={`${id}-schedule`}
              value={form.schedule}
              onChange={(e) => set('schedule', e.currentTarget.value as FtpSchedule)}
            >
              {FTP_SCHEDULES.map((s) => (
                <option key={s} value={s}>
                  {t(`inventory.ftp.every.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-mode`}>{t('inventory.upload.modeTitle')}</label>
            <select id={`${id}-mode`} value={mode} onChange={(e) => setMode(e.currentTarget.value as UploadMode)}>
              {UPLOAD_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`inventory.mode.${m}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="check">
          <input type="checkbox" checked={form.secure} onChange={(e) => set('secure', e.currentTarget.checked)} />
          {t('inventory.ftp.secure')}
        </label>
        {stored?.lastRunAt && (
          <p className="acct-note">
            {t('inventory.ftp.lastRun', { when: `${fmtDate(stored.lastRunAt)} ${fmtTime(stored.lastRunAt)}` })}
          </p>
        )}
        {stored?.lastError && (
          <p className="inv-error" role="status">
            {codeText(stored.lastError, '')}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="btn" disabled={busy || !stored} onClick={() => void run()}>
            {t('inventory.ftp.run')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid="inv-ftp-save">
            {t('inventory.save')}
          </button>
        </div>
      </form>
    </InventoryFrame>
  )
}
