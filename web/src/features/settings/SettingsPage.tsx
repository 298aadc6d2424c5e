import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type * as z from 'zod/mini';
import { type Profile, updateProfileRequest } from '../../../../shared/contract/profile';
import { es } from '../../../../shared/messages.es';
import {
  Alert,
  Button,
  Card,
  ChoiceGroup,
  ChoiceOption,
  PasswordField,
  SelectField,
  Spinner,
  TextField,
} from '../../components/ui';
import { apiCall } from '../../lib/api';
import { apiErrorDetail } from '../../lib/apiErrorDetail';
import { useCountry } from '../../lib/country/CountryProvider';
import { splitFieldErrors } from '../../lib/fieldErrors';
import type { LoginNotice } from '../../lib/loginNotice';
import { useSession } from '../../lib/session/session';
import { AccountDataCard } from './AccountDataCard';
import {
  canSubmitPassword,
  type PasswordChangeValues,
  PROFILE_FIELDS,
  passwordChangeErrorDetail,
  passwordChangeForm,
  profileToForm,
} from './settingsRules';
import { type Flash, useFlash } from './useFlash';
import './settings.css';

export const myProfileQueryKey = ['profile', 'me'] as const;

/** /settings (§2 screen 6): personal info, billing info, password change. */
export function SettingsPage() {
  const profile = useQuery({
    queryKey: myProfileQueryKey,
    queryFn: ({ signal }) => apiCall('getMyProfile', { signal }),
  });
  return (
    <div className="page settings-page">
      <title>{`${es.settings.title} · ${es.layout.brand}`}</title>
      <header className="settings-header">
        <h1>{es.settings.title}</h1>
        <p className="settings-header__intro">{es.settings.intro}</p>
      </header>
      {profile.isPending ? (
        <div className="settings-loading">
          <Spinner label={es.common.loading} />
        </div>
      ) : profile.isError ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void profile.refetch()}>
              {es.credits.retry}
            </Button>
          }
        >
          {es.settings.loadError + (apiErrorDetail(profile.error) ?? es.auth.unexpected)}
        </Alert>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
      <PasswordForm />
      <AccountDataCard />
    </div>
  );
}

function FlashMessage({ flash }: { flash: Flash | null }) {
  // The Alert is a status/alert region rendered when the message appears: it is announced.
  return flash ? (
    <div className="settings-flash">
      <Alert tone={flash.tone}>{flash.text}</Alert>
    </div>
  ) : null;
}

type ProfileRequest = z.output<typeof updateProfileRequest>;

function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const { countries, loading: countriesLoading } = useCountry();
  const { flash, show } = useFlash();
  const personalId = useId();
  const billingId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof updateProfileRequest>, unknown, ProfileRequest>({
    resolver: zodResolver(updateProfileRequest),
    defaultValues: profileToForm(profile),
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await apiCall('updateMyProfile', { body });
      queryClient.setQueryData(myProfileQueryKey, saved);
      reset(profileToForm(saved));
      show('success', es.settings.saved);
      // The header shows the user's name from the profile.
      void session.refresh();
    } catch (err) {
      const { fields, other } = splitFieldErrors(err, PROFILE_FIELDS);
      for (const [name, message] of Object.entries(fields)) {
        setError(name as (typeof PROFILE_FIELDS)[number], { type: 'server', message });
      }
      const detail = [apiErrorDetail(err) ?? es.auth.unexpected, ...other].join(' ');
      show('error', es.settings.saveError + detail);
    }
  });

  return (
    <form className="settings-form" noValidate onSubmit={onSubmit}>
      <Card as="section" aria-labelledby={personalId} className="settings-card">
        <h2 id={personalId} className="ui-card__title">
          {es.settings.personalTitle}
        </h2>
        <div className="ui-form">
          <div className="ui-form__row">
            <TextField
              label={es.auth.firstName}
              autoComplete="given-name"
              required
              error={errors.first_name?.message}
              {...register('first_name')}
            />
            <TextField
              label={es.auth.lastName}
              autoComplete="family-name"
              required
              error={errors.last_name?.message}
              {...register('last_name')}
            />
          </div>
          <TextField
            label={es.auth.email}
            type="email"
            value={profile.email}
            readOnly
            hint={es.settings.emailReadOnly}
            inputClassName="settings-readonly"
          />
          <div className="ui-form__row">
            <TextField
              label={es.settings.phone}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              hint={es.settings.phoneHint}
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextField
              label={es.settings.whatsapp}
              type="tel"
              inputMode="tel"
              error={errors.whatsapp?.message}
              {...register('whatsapp')}
            />
          </div>
          <ChoiceGroup legend={es.settings.accountType}>
            <ChoiceOption
              type="radio"
              value="personal"
              label={es.settings.personal}
              {...register('account_type')}
            />
            <ChoiceOption
              type="radio"
              value="team"
              label={es.settings.team}
              {...register('account_type')}
            />
          </ChoiceGroup>
        </div>
      </Card>

      <Card as="section" aria-labelledby={billingId} className="settings-card">
        <h2 id={billingId} className="ui-card__title">
          {es.settings.billingTitle}
        </h2>
        <div className="ui-form">
          <TextField
            label={es.settings.company}
            autoComplete="organization"
            error={errors.company?.message}
            {...register('company')}
          />
          <TextField
            label={es.settings.address}
            autoComplete="street-address"
            error={errors.address?.message}
            {...register('address')}
          />
          <div className="ui-form__row">
            <TextField
              label={es.settings.city}
              autoComplete="address-level2"
              error={errors.city?.message}
              {...register('city')}
            />
            <TextField
              label={es.settings.region}
              autoComplete="address-level1"
              error={errors.region_province?.message}
              {...register('region_province')}
            />
          </div>
          <SelectField
            label={es.settings.billingCountry}
            disabled={countriesLoading}
            error={errors.billing_country_id?.message}
            {...register('billing_country_id')}
          >
            <option value="">{es.settings.noCountry}</option>
            {countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            {/* A stored country no longer active still shows as chosen. */}
            {profile.billing_country_id &&
            !countries.some((c) => c.id === profile.billing_country_id) &&
            !countriesLoading ? (
              <option value={profile.billing_country_id}>{profile.billing_country_id}</option>
            ) : null}
          </SelectField>
        </div>
      </Card>

      <div className="settings-actions">
        <FlashMessage flash={flash} />
        <Button type="submit" loading={isSubmitting} loadingLabel={es.settings.saving}>
          {es.settings.saveProfile}
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const { flash, show } = useFlash();
  const navigate = useNavigate();
  const titleId = useId();
  const [visible, setVisible] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const values = useWatch({ control });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const { changePassword } = await import('./changePassword');
      await changePassword(currentPassword, newPassword);
    } catch (err) {
      show('error', es.settings.passwordError + passwordChangeErrorDetail(err));
      return;
    }
    // The change signed the account out everywhere, this device too: sign in again with the
    // new password, then come back here.
    // The change signed the account out everywhere; /login signs this tab out once it is on
    // screen (so this route's guard never sees the signed-out state) and says why.
    reset();
    const notice: LoginNotice = 'passwordChanged';
    await navigate('/login', { state: { from: '/settings', notice } });
  });

  return (
    <Card as="section" aria-labelledby={titleId} className="settings-card">
      <h2 id={titleId} className="ui-card__title">
        {es.settings.passwordTitle}
      </h2>
      <form className="ui-form" noValidate onSubmit={onSubmit}>
        <PasswordField
          label={es.settings.currentPassword}
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <div className="ui-form__row">
          <PasswordField
            label={es.auth.newPassword}
            autoComplete="new-password"
            placeholder={es.auth.passwordPlaceholder}
            required
            visible={visible}
            onVisibleChange={setVisible}
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <PasswordField
            label={es.auth.confirmPassword}
            autoComplete="new-password"
            placeholder={es.auth.passwordPlaceholder}
            required
            visible={visible}
            onVisibleChange={setVisible}
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <div className="settings-actions">
          <FlashMessage flash={flash} />
          <Button
            type="submit"
            loading={isSubmitting}
            loadingLabel={es.auth.submitting}
            disabled={!canSubmitPassword(values)}
          >
            {es.settings.savePassword}
          </Button>
        </div>
      </form>
    </Card>
  );
}
