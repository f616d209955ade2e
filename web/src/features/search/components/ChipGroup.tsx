import { FACETS, type Facet } from '@diamond/contracts/http/stock.values'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { fmtCount } from '../../../lib/format'
import { chipValues, type ChipKey } from '../stores/form.rules'
import { searchForm, setChip } from '../stores/searchForm'
import { ShapeIcon } from '../../../components/ShapeIcon'

const isFacet = (k: string): k is Facet => (FACETS as readonly string[]).includes(k)

/**
 * How many stones a chip stands for, from the live count's facets: the server counts each group
 * without its own choice, so every chip of a group keeps its number while some are picked.
 */
function facetOf(
  facets: Readonly<Record<string, Readonly<Record<string, number>>>> | null,
  key: ChipKey,
  value: string,
) {
  if (!facets || !isFacet(key)) return null
  return facets[key]?.[value] ?? 0
}

interface Props {
  chipKey: ChipKey
  /** Values shown as translated words (availability codes); grades are trade codes and stay. */
  valueLabel?: (value: string) => string
  /** Shapes get their outline. */
  shapes?: boolean
  values?: readonly string[]
}

/** A multi-select of one master list as toggle chips, labelled by the filter's name. */
export function ChipGroup({ chipKey, valueLabel, shapes, values }: Props) {
  const { t } = useTranslation()
  const snap = useSnapshot(searchForm)
  const chosen = snap.form.chips[chipKey] ?? []
  const labelId = `srch-label-${chipKey}`
  return (
    <div
      className={`srch-group${shapes ? ' srch-group--shapes' : ''}`}
      role="group"
      aria-labelledby={labelId}
      data-testid={`group-${chipKey}`}
    >
      <span className="srch-label" id={labelId}>
        {t(`search.fields.${chipKey}`)}
      </span>
      <div className="srch-chips">
        {(values ?? chipValues(chipKey)).map((v) => {
          const on = chosen.includes(v)
          const n = facetOf(snap.facets as never, chipKey, v)
          return (
            <button
              key={v}
              type="button"
              className={`srch-chip${on ? ' is-on' : ''}${shapes ? ' srch-chip--shape' : ''}`}
              aria-pressed={on}
              data-testid={`chip-${chipKey}-${v}`}
              onClick={() => setChip(chipKey, v)}
            >
              {shapes && <ShapeIcon shape={v} />}
              <span className="srch-chip-text">{valueLabel ? valueLabel(v) : v}</span>
              {n !== null && <span className="srch-chip-count">{fmtCount(n)}</span>}
            </button>
          )
        })}
      </div>
    </div>
  )
}
