import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useId } from 'react';
import { Link } from 'react-router';
import type { CountryService } from '../../../../shared/contract/catalog';
import type { Country } from '../../../../shared/contract/countries';
import { es, fmt } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Spinner } from '../../components/ui';
import { useCountry } from '../../lib/country/CountryProvider';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import { DocumentStep } from './DocumentStep';
import { PriceSummary } from './PriceSummary';
import { catalogQuery } from './queries';
import { Stepper } from './Stepper';
import { useSignerTypes } from './useSignerTypes';
import { useStepActions } from './useStepActions';
import { useWizardRequest } from './useWizardRequest';
import { WizardBanner, WizardHeader, WizardLoading } from './WizardLoading';
import { WizardNav } from './WizardNav';
import {
  chosenServices,
  type DraftSigner,
  isSignatureForced,
  signatureCodeOf,
  stepComplete,
  toggleService,
  type WizardStep,
  withoutOwnTypes,
} from './wizardRules';
import '../../styles/status-page.css';
import './wizard.css';

const STEP_TITLES: Record<WizardStep, string> = {
  1: es.wizard.documentTitle,
  2: es.wizard.servicesTitle,
  3: es.wizard.signersTitle,
  4: es.wizard.deliveryTitle,
};
const STEP_INTROS: Record<WizardStep, string> = {
  1: es.wizard.documentIntro,
  2: es.wizard.servicesIntro,
  3: es.wizard.signersIntro,
  4: es.wizard.deliveryIntro,
};

/**
 * /firmar-documento (customer-flows §2.5, §4.1): the request wizard. A country must be selected
 * first; then four steps whose progress is saved on the server request as each step is left.
 * The request id and step live in the tab's session (wizardSession), so a reload, the login
 * modal or the trip to /checkout and back resume it; /firmar-documento?request={id} (the
 * cart's edit-and-pay) opens a saved request at its first incomplete step.
 */
export function WizardPage() {
  const { country, loading, detecting } = useCountry();
  // The first country to arrive mounts the whole wizard: that render is deferred, so React
  // does it in slices the browser can interrupt instead of one long task, the loading view
  // staying meanwhile. A later change of country applies at once (no stale wizard).
  const deferred = useDeferredValue(country);
  const shown = deferred ? country : null;
  if (!shown) {
    if (loading || detecting || country) return <WizardLoading country={country} />;
    return <SelectCountry />;
  }
  return <Wizard country={shown} />;
}

/**
 * Steps 2–4 are chunks of their own (the signers' form brings react-hook-form and the saved
 * signers): the first screen, the document step, does not wait for them. They are fetched at
 * the visitor's first input on the page (a tap, a key, a file dragged in), long before
 * "Siguiente" can be pressed (a document has to be uploaded first), and not while the page
 * starts, where evaluating them would hold the main thread (a long task on a slow phone).
 */
const loadServicesStep = () => import('./ServicesStep');
const loadSignersStep = () => import('./SignersStep');
const loadDeliveryStep = () => import('./DeliveryStep');
const ServicesStep = lazy(async () => ({ default: (await loadServicesStep()).ServicesStep }));
const SignersStep = lazy(async () => ({ default: (await loadSignersStep()).SignersStep }));
const DeliveryStep = lazy(async () => ({ default: (await loadDeliveryStep()).DeliveryStep }));
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'dragenter'] as const;

function prefetchStepsOnFirstInput(): () => void {
  const stop = () => {
    for (const type of FIRST_INPUT_EVENTS) document.removeEventListener(type, prefetch, true);
  };
  function prefetch() {
    stop();
    for (const load of [loadServicesStep, loadSignersStep, loadDeliveryStep]) {
      // A failed prefetch is retried by the step's own lazy load when it shows.
      load().catch(() => undefined);
    }
  }
  for (const type of FIRST_INPUT_EVENTS) {
    document.addEventListener(type, prefetch, { capture: true, passive: true });
  }
  return stop;
}

function Wizard({ country }: { country: Country }) {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const authModal = useAuthModal();
  const headingId = useId();
  const wizard = useWizardRequest(country);
  const {
    requestId,
    request,
    resolved,
    requestQuery,
    editing,
    step,
    headingRef,
    draft,
    setDraft,
    saving,
    stepError,
    setStepError,
    signerServerErrors,
    setSignerServerErrors,
    countryNotice,
    startOver,
    onDocument,
  } = wizard;

  const catalog = useQuery(catalogQuery(country.id));

  const { next, back } = useStepActions(wizard, country);

  useEffect(() => prefetchStepsOnFirstInput(), []);

  const signatureCode = signatureCodeOf(catalog.data, draft.services, request);
  const complete = (s: WizardStep) => stepComplete(s, draft, catalog.data, signatureCode);
  const signerTypes = useSignerTypes(catalog.data, draft.services, signatureCode);

  const onToggle = (service: CountryService) => {
    const data = catalog.data;
    if (!data) return;
    setDraft((d) => {
      const services = toggleService(d.services, service, data);
      // The notary-authorized option: every signer signs with Clave Única (the server drops
      // their own types the same way on this save).
      const forced = isSignatureForced(chosenServices(data, services).notarial?.code);
      return { ...d, services, signers: forced ? withoutOwnTypes(d.signers) : d.signers };
    });
  };
  const onSigners = (signers: DraftSigner[]) => {
    setDraft((d) => ({ ...d, signers }));
    setSignerServerErrors({});
    setStepError(null);
  };

  const waitingForRequest = requestId !== null && !resolved;
  let body: React.ReactNode;
  if (waitingForRequest && status === 'loading') {
    body = (
      <div className="wizard-loading">
        <Spinner label={es.wizard.loadingRequest} />
      </div>
    );
  } else if (requestId !== null && !signedIn) {
    body = (
      <div className="card wizard-login">
        <h2>{es.wizard.loginToContinueTitle}</h2>
        <p className="muted">{es.wizard.loginToContinueBody}</p>
        <Button onClick={() => authModal.open('login')}>{es.wizard.login}</Button>
      </div>
    );
  } else if (waitingForRequest && requestQuery.isError) {
    body = (
      <Alert
        tone="error"
        action={
          <div className="wizard-actions">
            <Button variant="secondary" size="sm" onClick={() => void requestQuery.refetch()}>
              {es.wizard.retry}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => startOver()}>
              {es.common.cancel}
            </Button>
          </div>
        }
      >
        {editing.current ? es.orders.editLoadError : es.wizard.unexpected}
      </Alert>
    );
  } else if (waitingForRequest) {
    body = (
      <div className="wizard-loading">
        <Spinner label={es.wizard.loadingRequest} />
      </div>
    );
  } else {
    const canNext = complete(step);
    const busy = saving > 0;
    body = (
      <>
        <section className="wizard-step card" aria-labelledby={headingId}>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="wizard-step__title">
            {STEP_TITLES[step]}
          </h2>
          <p className="wizard-step__intro">{STEP_INTROS[step]}</p>
          <Suspense
            fallback={
              <div className="wizard-loading">
                <Spinner label={es.common.loading} />
              </div>
            }
          >
            {step === 1 ? (
              <DocumentStep country={country} document={draft.document} onDocument={onDocument} />
            ) : step === 2 ? (
              <ServicesStep
                country={country}
                catalog={catalog}
                selection={draft.services}
                signers={draft.signers}
                onToggle={onToggle}
              />
            ) : step === 3 ? (
              <SignersStep
                signers={draft.signers}
                types={signerTypes}
                summary={
                  catalog.data ? (
                    <PriceSummary
                      country={country}
                      catalog={catalog.data}
                      selection={draft.services}
                      signers={draft.signers}
                    />
                  ) : null
                }
                serverErrors={signerServerErrors}
                onChange={onSigners}
                signInOrder={draft.signInOrder}
                onSignInOrder={(value) => setDraft((d) => ({ ...d, signInOrder: value }))}
              />
            ) : (
              <DeliveryStep
                delivery={draft.delivery}
                signers={draft.signers}
                onChange={(value) => setDraft((d) => ({ ...d, delivery: value }))}
              />
            )}
          </Suspense>
        </section>
        {stepError ? <Alert tone="error">{stepError}</Alert> : null}
        <WizardNav step={step} canNext={canNext} busy={busy} onBack={back} onNext={next} />
      </>
    );
  }

  return (
    <div className="page wizard-page">
      <title>{`${es.wizard.title} · ${es.layout.brand}`}</title>
      <WizardHeader />
      <WizardBanner country={country}>
        {request ? (
          <span className="wizard-banner__number">
            {fmt(es.wizard.requestNumber, { number: request.request_number })}
          </span>
        ) : null}
      </WizardBanner>
      <Stepper current={step} done={complete} />
      {countryNotice ? <Alert tone="warning">{es.wizard.countryChanged}</Alert> : null}
      {body}
    </div>
  );
}

/** §2.5: without a selected country the wizard cannot price anything. */
function SelectCountry() {
  return (
    <div className="page status-page">
      <title>{`${es.wizard.selectCountryTitle} · ${es.layout.brand}`}</title>
      <div className="status-page__card card">
        <span className="status-page__icon" aria-hidden="true">
          <Icon name="globe" size={28} />
        </span>
        <h1>{es.wizard.selectCountryTitle}</h1>
        <p className="status-page__body">{es.wizard.selectCountryBody}</p>
        <Link to="/" className="lb-btn lb-btn--primary">
          <Icon name="home" size={18} />
          {es.wizard.backHome}
        </Link>
      </div>
    </div>
  );
}
