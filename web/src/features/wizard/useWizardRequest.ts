import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import type { Country } from '../../../../shared/contract/countries';
import type { SigningRequest } from '../../../../shared/contract/requests';
import { es } from '../../../../shared/messages.es';
import { ApiError, type ApiRequest, apiCall } from '../../lib/api';
import { useCountry } from '../../lib/country/CountryProvider';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import {
  clearWizardSession,
  readPendingDocument,
  readWizardSession,
  WIZARD_EDIT_PARAM,
  writePendingDocument,
  writeWizardSession,
} from '../../lib/wizardSession';
import { isGone, retryTransient, saveMessage, wizardKeys } from './queries';
import {
  clearForCountryChange,
  type DraftDocument,
  draftFromRequest,
  emptyDraft,
  firstIncompleteStep,
  resumeStep,
  type SignerErrors,
  signatureCodeOf,
  type WizardDraft,
  type WizardStep,
} from './wizardRules';

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

type UpdateBody = NonNullable<ApiRequest<'updateRequest'>>;

/**
 * The wizard's request and its draft (customer-flows §4.1): which request the page works on (the
 * cart's edit link, else this tab's wizard session), loading and resuming it at the right step,
 * saving the draft onto it one save at a time, and following the header's country. Leaving a
 * step is useStepActions' job; the page shows the step.
 */
export function useWizardRequest(country: Country) {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const authModal = useAuthModal();
  const { countries, setCountry } = useCountry();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();

  // What the page was opened with: the cart's edit link, else this tab's wizard session.
  const [opened] = useState(() => {
    const edit = params.get(WIZARD_EDIT_PARAM);
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
    if (params.has(WIZARD_EDIT_PARAM)) setParams({}, { replace: true });
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

  return {
    requestId,
    setRequestId,
    /** The loaded request, once the draft is based on it. */
    request,
    resolved,
    requestQuery,
    /** Opened by the cart's edit link, and its request not resumed yet. */
    editing,
    step,
    goTo,
    headingRef,
    draft,
    setDraft,
    saving,
    setSaving,
    stepError,
    setStepError,
    signerServerErrors,
    setSignerServerErrors,
    countryNotice,
    setCountryNotice,
    startOver,
    adopt,
    persist,
    onDocument,
  };
}

export type WizardRequest = ReturnType<typeof useWizardRequest>;
