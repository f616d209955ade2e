import { useTranslation } from 'react-i18next'
import { fmtCount } from '../../../lib/format'
import type { UploadReport } from '../api/inventory'
import { fmtDuration } from '../stores/inventory.rules'

const FIGURES = ['received', 'valid', 'invalid', 'added', 'updated', 'deleted'] as const

/** Spec section 3's upload report: lots received, valid, invalid, added, updated, deleted, and duration. */
export function ReportFigures({ report, testId }: { report: UploadReport; testId?: string }) {
  const { t } = useTranslation()
  return (
    <dl className="inv-figures" data-testid={testId}>
      {FIGURES.map((f) => (
        <div key={f} className={`inv-figure inv-figure--${f}`} data-testid={testId ? `${testId}-${f}` : undefined}>
          <dt>{t(`inventory.report.${f}`)}</dt>
          <dd>{fmtCount(report[f])}</dd>
        </div>
      ))}
      <div className="inv-figure">
        <dt>{t('inventory.report.duration')}</dt>
        <dd>{fmtDuration(report.durationMs)}</dd>
      </div>
    </dl>
  )
}
