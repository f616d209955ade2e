import { DASHBOARD_KINDS, type DashboardKind } from '@diamond/contracts/http/dashboard.values'
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { mySettings, userSettings } from '../../../lib/userSettings'
import { GlobalCards } from './GlobalCards'
import { PersonalCards } from './PersonalCards'
import { useDashboard } from './useDashboard'
import './dashboard.css'

/**
 * /dashboard: Personal | Global tabs (personal first), each one call (`user/dashboard`) read again
 * live, and below them `below` (the live stock grid, composed in routes.tsx) at a height of its own:
 * the screen scrolls, the grid keeps its own scroller and virtual rows.
 */
export function DashboardHome({ below }: { below?: ReactNode }) {
  const { t } = useTranslation()
  // The tab the member chose to open first (my account → settings), personal otherwise.
  const [kind, setKind] = useState<DashboardKind>(() => userSettings.saved.preferences?.dashboard ?? 'personal')
  const [chosen, setChosen] = useState(false)
  useEffect(() => {
    if (chosen) return
    let live = true
    void mySettings().then((s) => {
      if (live && s.preferences) setKind(s.preferences.dashboard)
    })
    return () => {
      live = false
    }
  }, [chosen])
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
    const next = DASHBOARD_KINDS[(DASHBOARD_KINDS.indexOf(kind) + 1) % DASHBOARD_KINDS.length]!
    setKind(next)
    setChosen(true)
    document.getElementById(`dash-tab-${next}`)?.focus()
  }
  return (
    <div className="dash-route">
      <section className="dash" aria-labelledby="dash-title" data-testid="dash-home">
        <div className="dash-head">
          <h2 id="dash-title" className="dash-title">
            {t('dashboard.title')}
          </h2>
          <div className="dash-tabs" role="tablist" aria-label={t('dashboard.title')} onKeyDown={onKey}>
            {DASHBOARD_KINDS.map((k) => (
              <button
                key={k}
                id={`dash-tab-${k}`}
                type="button"
                role="tab"
                className="dash-tab"
                aria-selected={kind === k}
                aria-controls={`dash-panel-${k}`}
                tabIndex={kind === k ? 0 : -1}
                data-testid={`dash-tab-${k}`}
                onClick={() => {
                  setKind(k)
                  setChosen(true)
                }}
              >
                {t(`dashboard.tabs.${k}`)}
              </button>
            ))}
          </div>
        </div>
        <div
          id={`dash-panel-${kind}`}
          role="tabpanel"
          aria-labelledby={`dash-tab-${kind}`}
          className="dash-panel"
          data-testid={`dash-panel-${kind}`}
        >
          <Panel key={kind} kind={kind} />
        </div>
      </section>
      {below}
    </div>
  )
}

function Panel({ kind }: { kind: DashboardKind }) {
  const { t } = useTranslation()
  const { data, error, reload, skew } = useDashboard(kind)
  if (error)
    return (
      <div className="state state--error" role="alert">
        <span>{t('dashboard.error')}</span>{' '}
        <button type="button" className="btn" onClick={reload}>
          {t('dashboard.retry')}
        </button>
      </div>
    )
  if (!data) return <p className="dash-loading">{t('dashboard.loading')}</p>
  if (data.personal) return <PersonalCards data={data.personal} skew={skew} />
  if (data.global) return <GlobalCards data={data.global} />
  return null
}
