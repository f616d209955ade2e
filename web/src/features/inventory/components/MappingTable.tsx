import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  duplicateFields,
  isUploadField,
  mapHeader,
  missingRequired,
  unmappedHeaders,
  UPLOAD_FIELDS,
  type Mapping,
} from '../stores/inventory.rules'

/**
 * The file's columns and the fields they fill (spec section 4: mapped or not mapped). A column the
 * portal did not recognise is marked and offers the fields to pick from; saving reads the file again
 * with the new mapping (and the server keeps it for the seller's next upload).
 */
export function MappingTable({
  mapping,
  busy,
  onSave,
}: {
  mapping: Mapping
  busy: boolean
  onSave: (mapping: Mapping) => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<Mapping>(mapping)
  const headers = Object.keys(draft)
  const unmapped = unmappedHeaders(draft)
  const missing = missingRequired(draft)
  const twice = duplicateFields(draft)
  const changed = headers.some((h) => draft[h] !== mapping[h])
  const fieldName = (f: string) => t(`inventory.field.${f}`)

  return (
    <section className="inv-card" aria-labelledby="inv-mapping-title" data-testid="inv-mapping">
      <div className="acct-section-head">
        <h2 className="acct-section-title" id="inv-mapping-title">
          {t('inventory.mapping.title')}
        </h2>
        <span className={unmapped.length ? 'acct-badge inv-badge--warn' : 'acct-badge acct-badge--ok'}>
          {unmapped.length
            ? t('inventory.mapping.unmappedCount', { n: unmapped.length })
            : t('inventory.mapping.allMapped')}
        </span>
      </div>
      <p className="acct-note">{t('inventory.mapping.help')}</p>
      <div className="acct-table-wrap" role="region" tabIndex={0} aria-label={t('inventory.mapping.title')}>
        <table className="acct-table inv-mapping-table">
          <thead>
            <tr>
              <th scope="col">{t('inventory.mapping.column')}</th>
              <th scope="col">{t('inventory.mapping.field')}</th>
              <th scope="col">{t('inventory.mapping.state')}</th>
            </tr>
          </thead>
          <tbody>
            {headers.map((h, i) => {
              const field = draft[h] ?? null
              return (
                <tr
                  key={h}
                  className={field ? undefined : 'inv-unmapped'}
                  data-testid="inv-mapping-row"
                  data-header={h}
                  data-state={field ? 'mapped' : 'not-mapped'}
                >
                  <th scope="row" className="inv-header-name">
                    {h}
                  </th>
                  <td>
                    <select
                      aria-label={t('inventory.mapping.fieldFor', { column: h })}
                      value={field ?? ''}
                      disabled={busy}
                      data-testid={`inv-map-${i}`}
                      onChange={(e) => {
                        const v = e.currentTarget.value
                        setDraft(mapHeader(draft, h, isUploadField(v) ? v : null))
                      }}
                    >
                      <option value="">{t('inventory.mapping.notMapped')}</option>
                      {UPLOAD_FIELDS.map((f) => (
                        <option key={f} value={f}>
                          {fieldName(f)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {field ? (
                      <span className="acct-badge acct-badge--ok">{t('inventory.mapping.mapped')}</span>
                    ) : (
                      <span className="acct-badge inv-badge--warn">{t('inventory.mapping.notMapped')}</span>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {missing.length > 0 && (
        <p className="inv-warning" data-testid="inv-missing-fields">
          {t('inventory.mapping.missing', { fields: missing.map(fieldName).join(', ') })}
        </p>
      )}
      {twice.length > 0 && (
        <p className="inv-warning">{t('inventory.mapping.twice', { fields: twice.map(fieldName).join(', ') })}</p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          disabled={busy || !changed}
          onClick={() => onSave(draft)}
          data-testid="inv-mapping-save"
        >
          {t('inventory.mapping.save')}
        </button>
      </div>
    </section>
  )
}
