import { useTranslation } from 'react-i18next'
import { TextInput } from './RegisterField'

export function PersonalStep() {
  const { t } = useTranslation()
  return (
    <>
      <fieldset className="form-section">
        <legend>{t('register.sections.name')}</legend>
        <div className="form-grid form-grid--3">
          <TextInput field="firstName" autoComplete="given-name" />
          <TextInput field="middleName" autoComplete="additional-name" />
          <TextInput field="lastName" autoComplete="family-name" />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('register.sections.login')}</legend>
        <div className="form-grid">
          <TextInput field="username" autoComplete="username" hint={t('register.hints.username')} />
          <TextInput field="email" type="email" autoComplete="email" />
          <TextInput field="password" type="password" autoComplete="new-password" hint={t('register.hints.password')} />
          <TextInput field="confirmPassword" type="password" autoComplete="new-password" />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('register.sections.contact')}</legend>
        <div className="form-grid">
          <TextInput field="mobile" type="tel" autoComplete="tel" />
          <TextInput field="telephone" type="tel" />
          <TextInput field="whatsapp" type="tel" />
          <TextInput field="skype" />
          <TextInput field="birthDate" type="date" autoComplete="bday" />
          <TextInput field="anniversaryDate" type="date" />
        </div>
      </fieldset>
    </>
  )
}
