import { DOCUMENT_TYPES } from '@diamond/contracts/http/account.values'
import { useTranslation } from 'react-i18next'
import { DocumentUpload } from './DocumentUpload'
import { CheckField, ListSelect } from './RegisterField'

export function DocumentsStep() {
  const { t } = useTranslation()
  return (
    <>
      <fieldset className="form-section">
        <legend>{t('register.sections.documents')}</legend>
        <div className="form-grid">
          <ListSelect field="documentType" values={DOCUMENT_TYPES} labels="documentTypes" />
        </div>
        <div className="form-grid">
          <DocumentUpload slot="photoId" />
          <DocumentUpload slot="businessProof" />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('register.sections.kyc')}</legend>
        <p className="form-section-text">{t('register.hints.kyc')}</p>
        <div className="form-grid">
          <DocumentUpload slot="kyc" />
        </div>
        <CheckField field="undertaking" />
      </fieldset>
    </>
  )
}
