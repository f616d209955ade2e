import ExcelJS from 'exceljs'
import { MASTERS } from '@diamond/contracts/masters'
import { FIELD_ALIASES, FIELD_MASTERS, TREATMENT_VALUES, type NumericField } from './inventory.mapping'
import { RANGES } from './inventory.rules'
import { UPLOAD_FIELDS, type UploadField } from './inventory.types'

/** The header a template column carries: the field's first (canonical) alias, e.g. "Stock #". */
export const templateHeader = (field: UploadField) => FIELD_ALIASES[field][0]!

/** Allowed values per column: the master list, the declared treatments, natural only. */
function allowedValues(field: UploadField): readonly string[] | undefined {
  if (field in FIELD_MASTERS) return MASTERS[FIELD_MASTERS[field as keyof typeof FIELD_MASTERS]]
  if (field === 'treatment') return TREATMENT_VALUES
  if (field === 'growthType') return ['NATURAL']
  return undefined
}

const REQUIRED: ReadonlySet<UploadField> = new Set([
  'stoneId',
  'shape',
  'carat',
  'color',
  'clarity',
  'lab',
  'treatment',
  'back',
])

/**
 * The instructions screen's template: sheet "Stones" has one column per field (the canonical
 * header names, required ones in bold, columns formatted as text); sheet "Allowed values" lists
 * each graded column's values (MASTERS) and each numeric column's range.
 */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Diamond portal'
  const stones = wb.addWorksheet('Stones', { views: [{ state: 'frozen', ySplit: 1 }] })
  const allowed = wb.addWorksheet('Allowed values', { views: [{ state: 'frozen', ySplit: 1 }] })
  const lists = UPLOAD_FIELDS.map((f) => [f, allowedValues(f)] as const).filter(
    (e): e is readonly [UploadField, readonly string[]] => e[1] !== undefined,
  )
  const numeric = UPLOAD_FIELDS.filter((f): f is NumericField => f in RANGES)

  stones.columns = UPLOAD_FIELDS.map((f) => ({ header: templateHeader(f), key: f, width: 16 }))
  stones.getRow(1).eachCell((cell, col) => {
    cell.font = { bold: REQUIRED.has(UPLOAD_FIELDS[col - 1]!) }
    // Text, so a value typed later (a stock number like 00123) is kept as written.
    stones.getColumn(col).numFmt = '@'
  })

  const columns = [...lists.map(([f]) => templateHeader(f)), ...numeric.map((f) => templateHeader(f))]
  allowed.addRow(columns).font = { bold: true }
  const depth = Math.max(...lists.map(([, values]) => values.length))
  for (let i = 0; i < depth; i++)
    allowed.addRow([
      ...lists.map(([, values]) => values[i] ?? null),
      ...numeric.map((f) => (i === 0 ? `${RANGES[f][0]} to ${RANGES[f][1]}` : null)),
    ])
  allowed.columns.forEach((c) => (c.width = 18))

  return Buffer.from(await wb.xlsx.writeBuffer())
}
