import { useEffect, useState, type ReactNode } from 'react'
import { NumberInput } from '../../../components/NumberInput'
import { useTranslation } from 'react-i18next'
import type { SortField } from '@diamond/contracts/http/stock.values'
import { SORTABLE } from '@diamond/contracts/http/stock.values'
import {
  GRID_ROWS,
  PAIR_LIMITS,
  USER_SETTING_DEFAULTS,
  type UserSettingKey,
  type UserSettingValues,
} from '@diamond/contracts/http/user-settings.values'
import { codeText } from '../../../lib/i18n'
import { mySettings, saveSetting } from '../../../lib/userSettings'
import { showToast } from '../../../lib/toast'
import { FormField } from '../../../components/FormField'
import { Section } from './Section'
import './account.css'

/** The header text of each sortable column, as the grid names it. */
const SORT_LABEL: Record<SortField, string> = {
  vStnId: 'columns.stoneNo',
  shpNm: 'columns.shape',
  crt: 'columns.carat',
  rap: 'columns.rap',
  amt: 'columns.pricePerCarat',
  ctPr: 'columns.amount',
  colNm: 'columns.color',
  clrNm: 'columns.clarity',
}

/** One setting as a form: starts from what I saved (or the default), saves on submit. */
function useSetting<K extends UserSettingKey>(key: K) {
  const [value, setValue] = useState<UserSettingValues[K]>(USER_SETTING_DEFAULTS[key])
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    let live = true
    void mySettings().then((saved) => {
      const mine = saved[key]
      // A plain copy: the store keeps a proxy, which structuredClone cannot copy.
      if (live && mine) setValue(JSON.parse(JSON.stringify(mine)) as UserSettingValues[K])
    })
    return () => {
      live = false
    }
  }, [key])
  async function save(t: (k: string) => string) {
    setSaving(true)
    const r = await saveSetting(key, value)
    setSaving(false)
    if (r.error) showToast(codeText(r.error.code, r.error.message), 'error')
    else showToast(t('account.settings.saved'), 'success')
  }
  return { value, setValue, saving, save }
}

/** A setting's panel: its section, what it does, its fields and one save button. */
function SettingForm({
  embedded,
  title,
  intro,
  testId,
  saveId,
  saving,
  onSave,
  children,
}: {
  embedded: boolean | undefined
  title: string
  intro: string
  testId: string
  saveId: string
  saving: boolean
  onSave: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Section embedded={embedded} title={title} testId={testId}>
      <p className="acct-intro">{intro}</p>
      <form
        className="form acct-form acct-form--narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          onSave()
        }}
      >
        {children}
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" data-testid={saveId} disabled={saving}>
            {t('account.save')}
          </button>
        </div>
      </form>
    </Section>
  )
}

/** My account → settings: rows per page of a stone list and the dashboard that opens first. */
export function PreferencesPanel({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  const s = useSetting('preferences')
  return (
    <SettingForm
      embedded={embedded}
      title={t('account.sections.settings')}
      intro={t('account.settings.intro')}
      testId="settings-preferences"
      saveId="pref-save"
      saving={s.saving}
      onSave={() => void s.save(t)}
    >
      <FormField id={'pref-rows'} label={t('account.settings.rowsPerPage')}>
        <select
          id={'pref-rows'}
          data-testid="pref-rows"
          value={s.value.rowsPerPage}
          onChange={(e) =>
            s.setValue({ ...s.value, rowsPerPage: Number(e.target.value) as (typeof GRID_ROWS)[number] })
          }
        >
          {GRID_ROWS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={'pref-dashboard'} label={t('account.settings.dashboard')}>
        <select
          id={'pref-dashboard'}
          data-testid="pref-dashboard"
          value={s.value.dashboard}
          onChange={(e) => s.setValue({ ...s.value, dashboard: e.target.value === 'global' ? 'global' : 'personal' })}
        >
          <option value="personal">{t('account.settings.personal')}</option>
          <option value="global">{t('account.settings.global')}</option>
        </select>
      </FormField>
    </SettingForm>
  )
}

/** My account → match pair settings: how alike the two stones of a pair must be to be shown. */
export function MatchPairPanel({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  const s = useSetting('matchPair')
  const steps = (n: number) => Array.from({ length: n + 1 }, (_, i) => i)
  return (
    <SettingForm
      embedded={embedded}
      title={t('account.sections.matchPair')}
      intro={t('account.matchPair.intro')}
      testId="settings-match-pair"
      saveId="pair-save"
      saving={s.saving}
      onSave={() => void s.save(t)}
    >
      <FormField id={'pair-carat'} label={t('account.matchPair.caratDiffPct')}>
        <NumberInput
          inputMode="decimal"
          dir="ltr"
          min={0}
          max={PAIR_LIMITS.caratDiffPct}
          step={0.5}
          id={'pair-carat'}
          data-testid="pair-carat"
          value={s.value.caratDiffPct}
          onChange={(e) =>
            s.setValue({
              ...s.value,
              caratDiffPct: Math.min(PAIR_LIMITS.caratDiffPct, Math.max(0, Number(e.target.value) || 0)),
            })
          }
        />
      </FormField>
      {(['colorSteps', 'claritySteps'] as const).map((k) => (
        <FormField key={k} id={`pair-${k}`} label={t(`account.matchPair.${k}`)}>
          <select
            id={`pair-${k}`}
            data-testid={`pair-${k}`}
            value={s.value[k]}
            onChange={(e) => s.setValue({ ...s.value, [k]: Number(e.target.value) })}
          >
            {steps(PAIR_LIMITS[k]).map((n) => (
              <option key={n} value={n}>
                {t('account.matchPair.grades', { count: n })}
              </option>
            ))}
          </select>
        </FormField>
      ))}
      <label className="check acct-switch">
        <input
          type="checkbox"
          role="switch"
          data-testid="pair-same-lab"
          checked={s.value.sameLab}
          onChange={(e) => s.setValue({ ...s.value, sameLab: e.target.checked })}
        />
        <span>{t('account.matchPair.sameLab')}</span>
      </label>
    </SettingForm>
  )
}

/** /account/profile/diamond-sequence: the order stones are listed in until a column is clicked. */
export function DiamondSequencePanel({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  const s = useSetting('diamondSequence')
  const keys = s.value.sort
  const put = (i: number, next: { field: SortField; dir?: 'asc' | 'desc' }) =>
    s.setValue({ sort: keys.map((k, j) => (j === i ? next : k)) })
  const unused = SORTABLE.filter((f) => !keys.some((k) => k.field === f))
  return (
    <SettingForm
      embedded={embedded}
      title={t('account.sections.sequence')}
      intro={t('account.sequence.intro')}
      testId="settings-sequence"
      saveId="sequence-save"
      saving={s.saving}
      onSave={() => void s.save(t)}
    >
      <ol className="acct-sequence">
        {keys.map((k, i) => (
          <li key={k.field} className="acct-sequence-row" data-testid="sequence-row">
            <select
              aria-label={t('account.sequence.column', { n: i + 1 })}
              data-testid={`sequence-field-${i}`}
              value={k.field}
              onChange={(e) => put(i, { ...k, field: e.target.value as SortField })}
            >
              {[k.field, ...unused].map((f) => (
                <option key={f} value={f}>
                  {t(SORT_LABEL[f])}
                </option>
              ))}
            </select>
            <select
              aria-label={t('account.sequence.direction', { n: i + 1 })}
              data-testid={`sequence-dir-${i}`}
              value={k.dir ?? 'asc'}
              onChange={(e) => put(i, { ...k, dir: e.target.value === 'desc' ? 'desc' : 'asc' })}
            >
              <option value="asc">{t('account.sequence.asc')}</option>
              <option value="desc">{t('account.sequence.desc')}</option>
            </select>
            {keys.length > 1 && (
              <button
                type="button"
                className="btn btn--small"
                data-testid={`sequence-remove-${i}`}
                onClick={() => s.setValue({ sort: keys.filter((_, j) => j !== i) })}
              >
                {t('account.sequence.remove')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {keys.length < 3 && unused.length > 0 && (
        <button
          type="button"
          className="btn btn--small"
          data-testid="sequence-add"
          onClick={() => s.setValue({ sort: [...keys, { field: unused[0]!, dir: 'asc' }] })}
        >
          {t('account.sequence.add')}
        </button>
      )}
    </SettingForm>
  )
}
