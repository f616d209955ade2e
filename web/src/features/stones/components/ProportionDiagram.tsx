import { useTranslation } from 'react-i18next'
import { fmt2 } from '../../../lib/format'

interface Props {
  tblPer: number
  depPer: number
  cHgt: number
  pHgt: number
  cAng: number
  pAng: number
  grdlPer: number
}

/**
 * A side view of the stone drawn from its proportions (percent of the diameter): table on top,
 * crown, girdle, pavilion. Missing figures fall back to a typical round so the drawing stays whole;
 * the labels show the real figures (a dash when missing). Drawn left to right in every language.
 */
export function ProportionDiagram(p: Props) {
  const { t } = useTranslation()
  const W = 320
  const x0 = 150
  const top = 40
  const table = ((p.tblPer || 57) / 100) * W
  const crown = ((p.cHgt || 15) / 100) * W
  const girdle = Math.max(2, ((p.grdlPer || 3) / 100) * W)
  const pav = ((p.pHgt || 43) / 100) * W
  const mid = x0 + W / 2
  const gy = top + crown
  const path = [
    `M${mid - table / 2},${top}`,
    `L${mid + table / 2},${top}`,
    `L${x0 + W},${gy}`,
    `L${x0 + W},${gy + girdle}`,
    `L${mid},${gy + girdle + pav}`,
    `L${x0},${gy + girdle}`,
    `L${x0},${gy}`,
    'Z',
  ].join(' ')
  const h = gy + girdle + pav + 30
  return (
    <svg
      className="diagram"
      viewBox={`0 0 ${W + 2 * x0 + 20} ${h}`}
      role="img"
      aria-label={t('grid.sections.proportions')}
      data-testid="dna-diagram"
      style={{ direction: 'ltr' }}
    >
      <path d={path} className="diagram-stone" />
      <line x1={x0} y1={gy} x2={x0 + W} y2={gy} className="diagram-line" />
      <line x1={x0} y1={gy + girdle} x2={x0 + W} y2={gy + girdle} className="diagram-line" />
      <text x={mid} y={top - 10} textAnchor="middle">
        {t('columns.tblPer')} {fmt2(p.tblPer)}
      </text>
      <text x={x0 + W + 8} y={top + crown / 2 + 4}>
        {t('columns.cHgt')} {fmt2(p.cHgt)}
      </text>
      <text x={x0 + W + 8} y={gy + girdle + pav / 2}>
        {t('columns.pHgt')} {fmt2(p.pHgt)}
      </text>
      <text x={x0 - 8} y={gy - 4} textAnchor="end">
        {t('columns.cAng')} {fmt2(p.cAng)}°
      </text>
      <text x={x0 - 8} y={gy + girdle + 14} textAnchor="end">
        {t('columns.pAng')} {fmt2(p.pAng)}°
      </text>
      <text x={mid} y={h - 6} textAnchor="middle">
        {t('columns.depPer')} {fmt2(p.depPer)} · {t('columns.grdlPer')} {fmt2(p.grdlPer)}
      </text>
    </svg>
  )
}
