import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { saveBlob, templateExcel } from '../api/inventory'
import { FIELD_GUIDE, masterValues, REQUIRED_FIELDS, UPLOAD_MODES, type FieldGuide } from '../stores/inventory.rules'
import { InventoryFrame } from './InventoryFrame'

const RULES = ['labGrown', 'greenTint', 'bannedOrigin', 'treatmentUndeclared', 'falseTreatment'] as const

/** How to prepare an upload: the modes, the listing rules, each column with its names and values, the template. */
export function InstructionsPage() {
  const { t } = useTranslation()
  async function download() {
    const r = await templateExcel()
    if (r.error) showToast(codeText(r.error.code, r.error.message), 'error')
    else saveBlob(r.blob, r.name)
  }
  return (
    <InventoryFrame
      screen="inventoryInstructions"
      actions={
        <button type="button" className="btn btn--primary" onClick={() => void download()} data-testid="inv-template">
          {t('inventory.instructions.template')}
        </button>
      }
    >
      <section className="inv-card">
        <h2 className="acct-section-title">{t('inventory.instructions.stepsTitle')}</h2>
        <ol className="inv-steps">
          <li>{t('inventory.instructions.step1')}</li>
          <li>{t('inventory.instructions.step2')}</li>
          <li>{t('inventory.instructions.step3')}</li>
          <li>{t('inventory.instructions.step4')}</li>
        </ol>
        <p className="acct-note">
          {t('inventory.instructions.ftpAndMedia')} <Link href="/inventory/ftp">{t('shell.screens.ftpSettings')}</Link>
          {' · '}
          <Link href="/inventory/media">{t('shell.screens.mediaUpload')}</Link>
        </p>
      </section>
      <section className="inv-card">
        <h2 className="acct-section-title">{t('inventory.upload.modeTitle')}</h2>
        <dl className="inv-defs">
          {UPLOAD_MODES.map((m) => (
            <div key={m}>
              <dt>{t(`inventory.mode.${m}`)}</dt>
              <dd>{t(`inventory.mode.${m}Help`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="inv-card">
        <h2 className="acct-section-title">{t('inventory.instructions.rulesTitle')}</h2>
        <ul className="inv-steps">
          <li>{t('inventory.instructions.expiry')}</li>
          {RULES.map((r) => (
            <li key={r}>{t(`inventory.instructions.rule.${r}`)}</li>
          ))}
        </ul>
      </section>
      <section className="inv-card">
        <h2 className="acct-section-title">{t('inventory.instructions.columnsTitle')}</h2>
        <p className="acct-note">{t('inventory.instructions.columnsHelp')}</p>
        <div
          className="acct-table-wrap"
          role="region"
          tabIndex={0}
          aria-label={t('inventory.instructions.columnsTitle')}
        >
          <table className="acct-table inv-guide" data-testid="inv-guide">
            <thead>
              <tr>
                <th scope="col">{t('inventory.instructions.field')}</th>
                <th scope="col">{t('inventory.instructions.names')}</th>
                <th scope="col">{t('inventory.instructions.values')}</th>
              </tr>
            </thead>
            <tbody>
              {FIELD_GUIDE.map((g) => (
                <tr key={g.field}>
                  <th scope="row">
                    {t(`inventory.field.${g.field}`)}
                    {REQUIRED_FIELDS.includes(g.field) && (
                      <span className="field-required" title={t('inventory.instructions.required')}>
                        {' *'}
                      </span>
                    )}
                  </th>
                  <td className="inv-wrap">
                    <bdi>{g.aliases.join(', ')}</bdi>
                  </td>
                  <td className="inv-wrap">
                    <Values guide={g} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="acct-note">{t('inventory.instructions.requiredNote')}</p>
      </section>
    </InventoryFrame>
  )
}

function Values({ guide }: { guide: FieldGuide }) {
  const { t } = useTranslation()
  if ('master' in guide.values) return <bdi>{masterValues(guide.values.master).join(', ')}</bdi>
  return <>{t(`inventory.instructions.kind.${guide.values.kind}`)}</>
}
