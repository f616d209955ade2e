import { BUSINESS_TYPES, HEARD_FROM } from '@diamond/contracts/http/account.values'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckField, ListSelect, TextInput } from './RegisterField'
import { LocationFields } from './LocationFields'
import { loadCountries } from '../stores/register'

export function BusinessStep() {
  const { t } = useTranslation()
  useEffect(() => void loadCountries(), [])
  return (
    <>
      <fieldset className="form-section">
        <legend>{t('register.sections.company')}</legend>
        <div className="form-grid">
          <TextInput field="companyName" autoComplete="organization" />
          <TextInput field="designation" autoComplete="organization-title" />
          <ListSelect field="businessType" values={BUSINESS_TYPES} labels="businessTypes" />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('register.sections.address')}</legend>
        <div className="form-grid form-grid--1">
          <TextInput field="addressLine1" autoComplete="address-line1" />
          <TextInput field="addressLine2" autoComplete="address-line2" />
          <TextInput field="addressLine3" autoComplete="address-line3" />
        </div>
        <div className="form-grid">
          <LocationFields />
          <TextInput field="pinCode" autoComplete="postal-code" />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('register.sections.more')}</legend>
        <div className="form-grid">
          <ListSelect field="heardFrom" values={HEARD_FROM} labels="heardFromOptions" />
        </div>
        <CheckField field="newsletter" />
      </fieldset>
    </>
  )
}
