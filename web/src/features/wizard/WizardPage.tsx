import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CountryService } from '../../../../shared/contract/catalog';
import type { Country } from '../../../../shared/contract/countries';
import type { SigningRequest } from '../../../../shared/contract/requests';
import { es, fmt } from '../../../../shared/messages.es';
import { renumber } from '../../../../shared/rules/signers';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Spinner } from '../../components/ui';
import { ApiError, type ApiRequest, apiCall } from '../../lib/api';
import { useCountry } from '../../lib/country/CountryProvider';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import {
  clearWizardSession,
  readPendingDocument,
  readWizardSession,
  writePendingDocument,
  writeWizardSession,
} from '../../lib/wizardSession';
import { DeliveryStep } from './DeliveryStep';
import { DocumentStep } from './DocumentStep';
import { isGone, retryTransient, wizardKeys } from './queries';
import { ServicesStep } from './ServicesStep';
import { SignersStep } from './SignersStep';
import { Stepper } from './Stepper';
import {
  clearForCountryChange,
  type DraftDocument,
  type DraftSigner,
  draftFromRequest,
  emptyDraft,
  firstIncompleteStep,
  resumeStep,
  type SignerErrors,
  serverSignerErrors,
  signatureCodeOf,
  stepComplete,
  toggleService,
  toSignerFields,
  type WizardDraft,
  type WizardStep,
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

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

type UpdateBody = NonNullable<ApiRequest<'updateRequest'>>;

/** The message of a failed save: the server's own Spanish text, else `fallback`. */
function saveMessage(err: unknown, fallback: string = es.orders.saveError): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return es.orders.loginRequired;
    if ([400, 409, 422].includes(err.status) && err.message) return err.message;
  }
  return fallback;
}

/**
 * /firmar-documento (customer-flows §2.5, §4.1): the request wizard. A country must be selected
 * first; then four steps whose progress is saved on the server request as each step is left.
 * The request id and step live in the tab's session (wizardSession), so a reload, the login
 * modal or the trip to /checkout and back resume it; /firmar-documento?request={id} (the
 * cart's edit-and-pay) opens a saved request at its first incomplete step.
 */
export function WizardPage() {
  const { country, loading, detecting } = useCountry();
  if (!country) {
    if (loading || detecting) {
      return (
        <div className="page wizard-page">
          <title>{`${es.wizard.title} · ${es.layout.brand}`}</title>
          <div className="wizard-loading">
            <Spinner label={es.common.loading} />
          </div>
        </div>
      );
    }
    return <SelectCountry />;
  }
  return <Wizard country={country} />;
}

function Wizard({ country }: { country: Country }) {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const authModal = useAuthModal();
  const { countries, setCountry } = useCountry();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const headingId = useId();
  const hintId = useId();

  // What the page was opened with: the cart's edit link, else this tab's wizard session.
  const [opened] = useState(() => {
    const edit = params.get('request');
    return { edit: edit && ID_RE.test(edit) ? edit : null, session: readWizardSession() };
  });
  const editing = useRef(opened.edit !== null);
  const [requestId, setRequestId] = useState<string | null>(
    opened.edit ?? opened.session?.requestId ?? null,
  );
  /** The server's request our draft is based on (its version guards the next save). */
  const [base, setBase] = useState<SigningRequest | null>(null);
  const baseRef = useRef(base);
  baseRef.current = base;
  const [step, setStep] = useState<WizardStep>(1);
  const stepRef = useRef(step);
  stepRef.current = step;
  const [draft, setDraft] = useState<WizardDraft>(() =>
    emptyDraft(requestId ? null : readPendingDocument()),
  );
  const [saving, setSaving] = useState(0);
  const [stepError, setStepError] = useState<string | null>(null);
  const [signerServerErrors, setSignerServerErrors] = useState<Record<number, SignerErrors>>({});
  const [countryNotice, setCountryNotice] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const countryRef = useRef(country);
  countryRef.current = country;
  /** The request's country the header selector is being moved to (edit-and-pay). */
  const adopting = useRef<string | null>(null);
  const changingTo = useRef<string | null>(null);

  const resolved = requestId !== null && base?.id === requestId;
  const request = resolved ? base : null;

  const requestQuery = useQuery({
    queryKey: wizardKeys.request(requestId ?? ''),
    queryFn: ({ signal }) => apiCall('getRequest', { params: { id: requestId ?? '' }, signal }),
    enabled: signedIn && requestId !== null,
    retry: retryTransient,
    // The draft is based on one version; another tab's change shows up as a 409 on save.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  const catalog = useQuery({
    queryKey: wizardKeys.catalog(country.id),
    queryFn: ({ signal }) =>
      apiCall('listCountryServices', { query: { country_id: country.id }, signal }),
    staleTime: 5 * 60_000,
    retry: retryTransient,
  });

  const goTo = useCallback((next: WizardStep, id: string | null, focus = true) => {
    setStep(next);
    setStepError(null);
    if (id) writeWizardSession({ requestId: id, step: next });
    focusHeading.current = focus;
  }, []);

  // A new step: move focus to its heading, so keyboard and screen reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes.
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [step]);

  const dropEditParam = useCallback(() => {
    if (params.has('request')) setParams({}, { replace: true });
  }, [params, setParams]);

  /** Forgets the request (gone, paid, another user's): a fresh wizard on step 1. */
  const startOver = useCallback(
    (message?: string) => {
      clearWizardSession();
      editing.current = false;
      setRequestId(null);
      setBase(null);
      setDraft(emptyDraft());
      setStep(1);
      setStepError(null);
      setSignerServerErrors({});
      setCountryNotice(false);
      dropEditParam();
      if (message) toast(message);
    },
    [dropEditParam],
  );

  /** Takes the server's request as the new base of the draft. */
  const adopt = useCallback((r: SigningRequest, keepDocument?: DraftDocument | null) => {
    const d = draftFromRequest(r);
    if (keepDocument && keepDocument.id !== d.document?.id) d.document = keepDocument;
    baseRef.current = r;
    setBase(r);
    setDraft(d);
    return d;
  }, []);

  // The request loaded (or failed to): resume it, or start over when it is not usable.
  useEffect(() => {
    if (!requestId) return;
    if (requestQuery.isError) {
      if (isGone(requestQuery.error)) {
        if (editing.current) toast.error(es.orders.editLoadError);
        startOver();
      }
      return;
    }
    const loaded = requestQuery.data?.request;
    if (!loaded || loaded.id !== requestId) return;
    if (loaded.status !== 'pending') {
      startOver(es.wizard.requestClosed);
      return;
    }
    if (baseRef.current?.id === requestId) return;
    const d = adopt(loaded, readPendingDocument());
    const code = signatureCodeOf(undefined, d.services, loaded);
    const target = editing.current
      ? firstIncompleteStep(d, undefined, code)
      : resumeStep(opened.session?.step ?? 1, d, undefined, code);
    goTo(target, loaded.id, false);
    if (editing.current) {
      editing.current = false;
      dropEditParam();
      // Edit-and-pay: the request's prices are in its country; the selector follows it.
      if (
        loaded.country_id !== countryRef.current.id &&
        countries.some((c) => c.id === loaded.country_id)
      ) {
        adopting.current = loaded.country_id;
        setCountry(loaded.country_id);
      }
    }
  }, [
    requestId,
    requestQuery.isError,
    requestQuery.error,
    requestQuery.data,
    adopt,
    goTo,
    startOver,
    dropEditParam,
    countries,
    setCountry,
    opened.session,
  ]);

  // One save at a time, each from the latest version (our own saves never conflict).
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const persist = useCallback(
    (body: UpdateBody): Promise<SigningRequest | null> => {
      const run = async (): Promise<SigningRequest | null> => {
        const current = baseRef.current;
        if (!current) return null;
        const payload: UpdateBody = { ...body, version: current.version };
        // The header's country is the request's country (§4.1): a pending change goes along.
        if (current.country_id !== countryRef.current.id && adopting.current === null) {
          payload.country_id = countryRef.current.id;
        }
        setSaving((n) => n + 1);
        try {
          const { request: saved } = await apiCall('updateRequest', {
            params: { id: current.id },
            body: payload,
          });
          baseRef.current = saved;
          setBase(saved);
          queryClient.setQueryData(wizardKeys.request(saved.id), { request: saved });
          return saved;
        } catch (err) {
          if (err instanceof ApiError && err.status === 409) {
            // Paid meanwhile, or saved from another tab: read it again and say so.
            const fresh = await apiCall('getRequest', { params: { id: current.id } }).catch(
              () => null,
            );
            if (fresh?.request.status !== 'pending') {
              startOver(es.wizard.requestClosed);
              return null;
            }
            queryClient.setQueryData(wizardKeys.request(current.id), fresh);
            const d = adopt(fresh.request);
            const code = signatureCodeOf(undefined, d.services, fresh.request);
            goTo(
              Math.min(stepRef.current, firstIncompleteStep(d, undefined, code)) as WizardStep,
              current.id,
            );
            setStepError(es.wizard.conflictReloaded);
            return null;
          }
          if (err instanceof ApiError && err.status === 404) {
            startOver(es.wizard.requestClosed);
            return null;
          }
          if (err instanceof ApiError && err.status === 401) authModal.open('login');
          throw err;
        } finally {
          setSaving((n) => n - 1);
        }
      };
      const result = chain.current.then(run, run);
      chain.current = result.catch(() => undefined);
      return result;
    },
    [queryClient, adopt, goTo, startOver, authModal],
  );

  // The header's country changed (§4.1): clear the services, here and on the request.
  useEffect(() => {
    if (request?.status !== 'pending') return;
    if (request.country_id === country.id) {
      if (adopting.current === country.id) adopting.current = null;
      changingTo.current = null;
      return;
    }
    if (adopting.current === request.country_id) return;
    if (changingTo.current === country.id) return;
    changingTo.current = country.id;
    setDraft(clearForCountryChange);
    setCountryNotice(true);
    if (stepRef.current > 2) goTo(2, request.id);
    persist({ country_id: country.id })
      .then((saved) => {
        if (!saved) return;
        setDraft((d) => ({
          ...d,
          services: {
            notarial_service: saved.notarial_service_id,
            electronic_signature: saved.signature_service_id,
          },
        }));
      })
      .catch((err) => {
        changingTo.current = null;
        setStepError(saveMessage(err));
      });
  }, [request, country.id, persist, goTo]);

  const onDocument = useCallback((doc: DraftDocument | null) => {
    setDraft((d) => ({ ...d, document: doc }));
    // Not on the request yet: keep it for a reload (saved when the step is left).
    writePendingDocument(doc && doc.id !== baseRef.current?.document_id ? doc : null);
    setStepError(null);
  }, []);

  const signatureCode = signatureCodeOf(catalog.data, draft.services, request);
  const complete = (s: WizardStep) => stepComplete(s, draft, catalog.data, signatureCode);

  // Step 1 → 2: create the request, or point the existing one at this document (§4.1).
  const leaveDocument = async () => {
    if (!signedIn) {
      toast.error(es.orders.loginRequired);
      authModal.open('login');
      return;
    }
    const doc = draft.document;
    if (!doc) return;
    if (request) {
      if (request.document_id !== doc.id || request.country_id !== country.id) {
        try {
          if (!(await persist({ document_id: doc.id }))) return;
        } catch (err) {
          setStepError(saveMessage(err, es.orders.createError));
          return;
        }
      }
      writePendingDocument(null);
      goTo(2, request.id);
      return;
    }
    setSaving((n) => n + 1);
    try {
      const { request: created } = await apiCall('createRequest', {
        body: { country_id: country.id, document_id: doc.id },
      });
      queryClient.setQueryData(wizardKeys.request(created.id), { request: created });
      adopt(created);
      setRequestId(created.id);
      writePendingDocument(null);
      goTo(2, created.id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) onDocument(null);
      if (err instanceof ApiError && err.status === 401) authModal.open('login');
      setStepError(es.orders.createError);
    } finally {
      setSaving((n) => n - 1);
    }
  };

  // Step 2 → 3: save the services; the server answers the quote (and its own view of them).
  const leaveServices = async () => {
    if (!request) return;
    const sel = draft.services;
    const changed =
      request.notarial_service_id !== sel.notarial_service ||
      request.signature_service_id !== sel.electronic_signature ||
      request.country_id !== country.id;
    if (changed) {
      try {
        const saved = await persist({
          notarial_service_id: sel.notarial_service,
          signature_service_id: sel.electronic_signature,
        });
        if (!saved) return;
        setDraft((d) => ({
          ...d,
          services: {
            notarial_service: saved.notarial_service_id,
            electronic_signature: saved.signature_service_id,
          },
        }));
      } catch (err) {
        setStepError(saveMessage(err));
        return;
      }
    }
    setCountryNotice(false);
    goTo(3, request.id);
  };

  // Step 3 → 4: save the signers; the server's field errors go back onto the cards.
  const leaveSigners = async () => {
    if (!request) return;
    const signers = draft.signers.map(toSignerFields);
    const saved = request.signers.map(toSignerFields);
    const inOrder = draft.signInOrder && signers.length > 1;
    if (
      JSON.stringify(signers) !== JSON.stringify(saved) ||
      request.sign_in_order !== inOrder ||
      request.country_id !== country.id
    ) {
      try {
        const result = await persist({ signers, sign_in_order: inOrder });
        if (!result) return;
        setDraft((d) => ({ ...d, signers: renumber(result.signers.map(toSignerFields)) }));
        setSignerServerErrors({});
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          setSignerServerErrors(serverSignerErrors(err.fields));
          setStepError(es.wizard.fixSigners);
        } else {
          setStepError(saveMessage(err));
        }
        return;
      }
    }
    goTo(4, request.id);
  };

  // Step 4: save the delivery choice, then the quote and payment (/checkout).
  const finish = async () => {
    if (!request) return;
    if (request.delivery_options !== draft.delivery || request.country_id !== country.id) {
      try {
        if (!(await persist({ delivery_options: draft.delivery }))) return;
      } catch (err) {
        setStepError(saveMessage(err));
        return;
      }
    }
    writeWizardSession({ requestId: request.id, step: 4 });
    void navigate(`/checkout?request=${encodeURIComponent(request.id)}`);
  };

  const next = () => {
    setStepError(null);
    if (step === 1) return void leaveDocument();
    if (step === 2) return void leaveServices();
    if (step === 3) return void leaveSigners();
    return void finish();
  };
  const back = () => {
    if (step > 1) goTo((step - 1) as WizardStep, requestId);
  };

  const onToggle = (service: CountryService) => {
    const data = catalog.data;
    if (!data) return;
    setDraft((d) => ({ ...d, services: toggleService(d.services, service, data) }));
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
          {step === 1 ? (
            <DocumentStep country={country} document={draft.document} onDocument={onDocument} />
          ) : step === 2 ? (
            <ServicesStep
              country={country}
              catalog={catalog}
              selection={draft.services}
              signersCount={draft.signers.length}
              onToggle={onToggle}
            />
          ) : step === 3 ? (
            <SignersStep
              signers={draft.signers}
              signatureCode={signatureCode}
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
        </section>
        {stepError ? <Alert tone="error">{stepError}</Alert> : null}
        <div className="wizard-nav">
          <Button variant="secondary" disabled={step === 1 || busy} onClick={back}>
            {es.wizard.previous}
          </Button>
          <div className="wizard-nav__next">
            {canNext ? null : (
              <p id={hintId} className="wizard-nav__hint">
                {es.wizard.hints[step - 1]}
              </p>
            )}
            <Button
              size="lg"
              onClick={next}
              disabled={!canNext || busy}
              loading={busy}
              loadingLabel={es.wizard.saving}
              aria-describedby={canNext ? undefined : hintId}
              icon={step === 4 ? <Icon name="creditCard" /> : undefined}
            >
              {step === 4 ? es.wizard.quoteAndPay : es.wizard.next}
            </Button>
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="page wizard-page">
      <title>{`${es.wizard.title} · ${es.layout.brand}`}</title>
      <header className="wizard-header">
        <h1>{es.wizard.title}</h1>
        <p className="wizard-header__intro">{es.wizard.intro}</p>
      </header>
      <p className="wizard-banner">
        <Icon name="globe" size={18} />
        <span>
          {fmt(es.wizard.countryBanner, { name: country.name, currency: country.currency_code })}
        </span>
        {request ? (
          <span className="wizard-banner__number">
            {fmt(es.wizard.requestNumber, { number: request.request_number })}
          </span>
        ) : null}
      </p>
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
