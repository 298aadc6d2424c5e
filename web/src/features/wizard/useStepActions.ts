import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { Country } from '../../../../shared/contract/countries';
import { es } from '../../../../shared/messages.es';
import { renumber } from '../../../../shared/rules/signers';
import { ApiError, apiCall } from '../../lib/api';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import { writePendingDocument, writeWizardSession } from '../../lib/wizardSession';
import { saveMessage, wizardKeys } from './queries';
import type { WizardRequest } from './useWizardRequest';
import { serverSignerErrors, toSignerInput, type WizardStep } from './wizardRules';

/**
 * What 'Siguiente' and 'Anterior' do on each step (customer-flows §4.1): leaving a step saves
 * what it changed on the request (step 1 creates it), and the last one goes to /checkout.
 */
export function useStepActions(wizard: WizardRequest, country: Country) {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const authModal = useAuthModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    requestId,
    setRequestId,
    request,
    step,
    goTo,
    draft,
    setDraft,
    setSaving,
    setStepError,
    setSignerServerErrors,
    setCountryNotice,
    adopt,
    persist,
    onDocument,
  } = wizard;

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
    const signers = draft.signers.map(toSignerInput);
    const saved = request.signers.map(toSignerInput);
    const inOrder = draft.signInOrder && signers.length > 1;
    if (
      JSON.stringify(signers) !== JSON.stringify(saved) ||
      request.sign_in_order !== inOrder ||
      request.country_id !== country.id
    ) {
      try {
        const result = await persist({ signers, sign_in_order: inOrder });
        if (!result) return;
        setDraft((d) => ({ ...d, signers: renumber(result.signers.map(toSignerInput)) }));
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

  return { next, back };
}
