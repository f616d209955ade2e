import { useTranslation } from 'react-i18next'
import type { Snapshot } from 'valtio'
import type { StoneEntry } from '../../../grid/stores/rows'
import { COLUMN_BY_KEY } from '../../../grid/components/columns'

/** Groups of the detail page, by field, labelled and formatted as the grid's columns are. */
export const GRADING = [
  'shpFullNm',
  'crt',
  'pcs',
  'colNm',
  'fcColDesc',
  'clrNm',
  'cutNm',
  'polNm',
  'symNm',
  'fluNm',
  'shdNm',
  'lbNm',
  'certNo',
  'locNm',
  'brlncyNm',
] as const
export const MEASUREMENTS = ['length', 'width', 'height', 'ratio'] as const
export const PROPORTIONS = [
  'depPer',
  'tblPer',
  'cAng',
  'cHgt',
  'pAng',
  'pHgt',
  'grdlPer',
  'girdleNm',
  'girdleStr',
  'grdlCondNm',
  'cultNm',
  'cultCondNm',
  'strLn',
  'lwrHal',
] as const
export const INCLUSIONS = [
  'blkTblNm',
  'blkSdNm',
  'wTblNm',
  'wSdNm',
  'opTblNm',
  'opCrwnNm',
  'opPavNm',
  'eClnNm',
  'milkyNm',
  'hANm',
  'keyToSymbol',
] as const
export const PRICES = ['rap', 'back', 'amt', 'ctPr', 'rapAvg', 'fnDis', 'fnAmt', 'fnCtpr'] as const
export const OTHER = [
  'stoneId',
  'sellerNm',
  'pairNo',
  'showNm',
  'isXray',
  'isType2',
  'isSeal',
  'isDor',
  'arrivedAt',
] as const

export function StoneFacts({
  stone,
  keys,
  title,
  testId,
}: {
  stone: Snapshot<StoneEntry>
  keys: readonly string[]
  title: string
  testId?: string
}) {
  const { t } = useTranslation()
  return (
    <section className="facts" aria-label={title} data-testid={testId}>
      <h2 className="facts-title">{title}</h2>
      <dl className="facts-list">
        {keys.map((k) => {
          const c = COLUMN_BY_KEY.get(k)
          if (!c) return null
          const v = c.value(stone, t)
          return (
            <div key={k} className="facts-item" data-field={k}>
              <dt>{t(c.label)}</dt>
              <dd>{c.numeric ? <span dir="ltr">{v}</span> : v}</dd>
            </div>
          )
        })}
      </dl>
    </section>
  )
}
