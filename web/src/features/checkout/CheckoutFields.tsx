import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Country } from '../../../../shared/contract/countries';
import { es } from '../../../../shared/messages.es';
import { Card, TextField } from '../../components/ui';
import { SelectField } from '../../components/ui/SelectField';
import type { CheckoutFormValues } from './checkoutRules';

interface FieldsProps {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  countries: Country[];
  countriesLoading: boolean;
  /** A stored billing country no longer offered still shows as chosen. */
  billingCountryId: string;
}

/**
 * The checkout form's fields (§2.7, §5): project title, personal information and billing
 * information. Every field is required except the company; the rules are the contract's
 * checkoutFormSchema, the same the server runs. The page disables them all at once through a
 * fieldset while paying (react-hook-form keeps the values of fields disabled that way).
 */
export function CheckoutFields({
  register,
  errors,
  countries,
  countriesLoading,
  billingCountryId,
}: FieldsProps) {
  const personalId = useId();
  const billingId = useId();
  const c = es.checkout;
  return (
    <>
      {/* Unnamed on purpose: the field below carries the same name as this heading. */}
      <Card as="section" className="checkout-card">
        <h2 className="ui-card__title">{c.projectTitle}</h2>
        <TextField
          label={c.projectTitle}
          hideLabel
          hint={c.projectTitleHint}
          required
          maxLength={200}
          error={errors.title?.message}
          {...register('title')}
        />
      </Card>

      <Card as="section" aria-labelledby={personalId} className="checkout-card">
        <h2 id={personalId} className="ui-card__title">
          {c.personalTitle}
        </h2>
        <div className="ui-form">
          <div className="ui-form__row">
            <TextField
              label={es.auth.firstName}
              autoComplete="given-name"
              required
              maxLength={100}
              error={errors.first_name?.message}
              {...register('first_name')}
            />
            <TextField
              label={es.auth.lastName}
              autoComplete="family-name"
              required
              maxLength={100}
              error={errors.last_name?.message}
              {...register('last_name')}
            />
          </div>
          <div className="ui-form__row">
            <TextField
              label={es.auth.email}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={254}
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label={c.phone}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              maxLength={32}
              error={errors.phone?.message}
              {...register('phone')}
            />
          </div>
        </div>
      </Card>

      <Card as="section" aria-labelledby={billingId} className="checkout-card">
        <h2 id={billingId} className="ui-card__title">
          {c.billingTitle}
        </h2>
        <div className="ui-form">
          <TextField
            label={c.company}
            autoComplete="organization"
            maxLength={200}
            error={errors.company?.message}
            {...register('company')}
          />
          <TextField
            label={c.address}
            autoComplete="street-address"
            required
            maxLength={300}
            error={errors.address?.message}
            {...register('address')}
          />
          <div className="ui-form__row">
            <TextField
              label={c.city}
              autoComplete="address-level2"
              required
              maxLength={100}
              error={errors.city?.message}
              {...register('city')}
            />
            <TextField
              label={c.whatsapp}
              type="tel"
              inputMode="tel"
              required
              maxLength={32}
              hint={c.whatsappHint}
              error={errors.whatsapp?.message}
              {...register('whatsapp')}
            />
          </div>
          <div className="ui-form__row">
            <SelectField
              label={c.billingCountry}
              autoComplete="country"
              required
              disabled={countriesLoading}
              error={errors.billing_country_id?.message}
              {...register('billing_country_id')}
            >
              <option value="">
                {countriesLoading ? es.common.loadingCountries : c.chooseCountry}
              </option>
              {countries.map((country) => (
                <option key={country.id} value={country.id}>
                  {country.name}
                </option>
              ))}
              {billingCountryId &&
              !countriesLoading &&
              !countries.some((x) => x.id === billingCountryId) ? (
                <option value={billingCountryId}>{billingCountryId}</option>
              ) : null}
            </SelectField>
            <TextField
              label={c.region}
              autoComplete="address-level1"
              required
              maxLength={100}
              error={errors.region_province?.message}
              {...register('region_province')}
            />
          </div>
        </div>
      </Card>
    </>
  );
}
