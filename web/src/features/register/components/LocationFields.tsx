import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { pickCountry, pickState, register, setValue } from '../stores/register'
import { fieldProps } from '../../../components/FormField'
import { FieldFrame, inputId, onLeave } from './RegisterField'

/**
 * Country, state and city from the location lists (country/paginate, then state/paginate by
 * country, then city/paginate by state). Where a list comes back empty the place is typed instead.
 */
export function LocationFields() {
  const { t } = useTranslation()
  const { values, errors, places } = useSnapshot(register)
  const aria = (field: 'country' | 'state' | 'city') => ({
    ...fieldProps(inputId(field), { error: errors[field] ?? null, required: true }),
    name: field,
    'data-testid': inputId(field),
    onBlur: onLeave(field),
  })
  const typeCountry = places.countriesLoaded && places.countries.length === 0
  const typeState = !typeCountry && !!values.countryId && places.statesLoaded && places.states.length === 0
  const typeCity = typeCountry || typeState || (!!values.stateId && places.citiesLoaded && places.cities.length === 0)

  return (
    <>
      <FieldFrame field="country">
        {typeCountry ? (
          <input
            {...aria('country')}
            value={values.country}
            maxLength={100}
            autoComplete="country-name"
            onChange={(e) => setValue('country', e.target.value)}
          />
        ) : (
          <select
            {...aria('country')}
            value={values.countryId}
            disabled={!places.countriesLoaded}
            onChange={(e) => void pickCountry(e.target.value)}
          >
            <option value="">{places.countriesLoaded ? t('register.select') : t('common.loading')}</option>
            {places.countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame field="state">
        {typeState || typeCountry ? (
          <input
            {...aria('state')}
            value={values.state}
            maxLength={100}
            autoComplete="address-level1"
            onChange={(e) => setValue('state', e.target.value)}
          />
        ) : (
          <select
            {...aria('state')}
            value={values.stateId}
            disabled={!values.countryId}
            onChange={(e) => void pickState(e.target.value)}
          >
            <option value="">{values.countryId ? t('register.select') : t('register.pickCountryFirst')}</option>
            {places.states.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame field="city">
        {typeCity ? (
          <input
            {...aria('city')}
            value={values.city}
            maxLength={100}
            autoComplete="address-level2"
            placeholder={t('register.typeCity')}
            onChange={(e) => setValue('city', e.target.value)}
          />
        ) : (
          <select
            {...aria('city')}
            value={values.city}
            disabled={!values.stateId}
            onChange={(e) => setValue('city', e.target.value)}
          >
            <option value="">{values.stateId ? t('register.select') : t('register.pickStateFirst')}</option>
            {places.cities.map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </>
  )
}
