import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import toast from 'react-hot-toast';
import type { SavedSigner } from '../../../../shared/contract/requests';
import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits } from '../../../../shared/rules/currency';
import type { SignerFields } from '../../../../shared/rules/signers';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Spinner } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { ActionKeys, newIdempotencyKey } from '../../lib/idempotency';
import { useSession } from '../../lib/session/session';
import { useRefreshWallet } from '../../lib/wallet/useWallet';
import { wizardKeys } from './queries';

/** The premium feature that unlocks saved signers (credits-signing-admin §3, §9). */
export const SAVED_SIGNERS_PLAN_ID = 'saved-signers';

/** The caller's saved signers and whether the feature is active (shared by the panel and cards). */
export function useSavedSigners() {
  const { status } = useSession();
  return useQuery({
    queryKey: wizardKeys.savedSigners,
    queryFn: ({ signal }) => apiCall('listSavedSigners', { signal }),
    enabled: status === 'signedIn',
    staleTime: 60_000,
  });
}

/** Saves a signer from its card: 409 means it is already saved (§8). */
export function useSaveSigner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signer: SignerFields) => apiCall('saveSigner', { body: signer }),
    onSuccess: () => {
      toast.success(es.wizard.signerSaved);
      void queryClient.invalidateQueries({ queryKey: wizardKeys.savedSigners });
    },
    onError: (err) => {
      toast.error(
        err instanceof ApiError && err.status === 409
          ? es.orders.savedDuplicate
          : es.orders.savedError,
      );
    },
  });
}

/**
 * The saved-signers panel of step 3 (§2.5, §6, §8): without the 'Firmantes Guardados' feature
 * it explains it and offers to activate it with credits; with it, lists the saved signers with
 * an action to add each one to this document, and one to delete it.
 */
export function SavedSignersPanel({ onUse }: { onUse(signer: SignerFields): void }) {
  const headingId = useId();
  const saved = useSavedSigners();
  return (
    <section className="saved-signers" aria-labelledby={headingId}>
      <h3 id={headingId} className="saved-signers__title">
        <Icon name="users" size={18} />
        {es.wizard.savedTitle}
      </h3>
      {saved.isPending ? (
        <Spinner label={es.common.loading} />
      ) : saved.isError ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void saved.refetch()}>
              {es.wizard.retry}
            </Button>
          }
        >
          {es.wizard.savedLoadError}
        </Alert>
      ) : saved.data.has_access ? (
        <SavedList signers={saved.data.signers} onUse={onUse} />
      ) : (
        <Activate />
      )}
    </section>
  );
}

function Activate() {
  const queryClient = useQueryClient();
  const refreshWallet = useRefreshWallet();
  const plans = useQuery({
    queryKey: wizardKeys.featurePlans,
    queryFn: ({ signal }) => apiCall('listFeaturePlans', { signal }),
    staleTime: 5 * 60_000,
  });
  const plan = plans.data?.plans.find((p) => p.id === SAVED_SIGNERS_PLAN_ID);
  // A retry after no answer or a 503 is the same subscription (charged once at most).
  const keys = useRef(new ActionKeys(newIdempotencyKey));
  const subscribe = useMutation({
    mutationFn: () =>
      apiCall('subscribeFeature', {
        body: {
          plan_id: SAVED_SIGNERS_PLAN_ID,
          idempotency_key: keys.current.keyFor(SAVED_SIGNERS_PLAN_ID),
        },
      }),
    onSuccess: (result) => {
      keys.current.succeeded(SAVED_SIGNERS_PLAN_ID);
      toast.success(es.wizard.savedActivated);
      void refreshWallet(result.balance);
      void queryClient.invalidateQueries({ queryKey: wizardKeys.savedSigners });
      void queryClient.invalidateQueries({ queryKey: wizardKeys.featureSubscriptions });
    },
    onError: (err) => {
      keys.current.failed(SAVED_SIGNERS_PLAN_ID, err);
      void refreshWallet();
    },
  });
  return (
    <div className="saved-signers__offer">
      <p>{es.wizard.savedNoAccess}</p>
      {plan ? (
        <p className="saved-signers__price">
          <Icon name="coins" size={16} />
          {fmt(es.wizard.savedPrice, { n: formatCredits(plan.credits_per_month) })}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        icon={<Icon name="star" />}
        loading={subscribe.isPending}
        onClick={() => subscribe.mutate()}
      >
        {es.wizard.savedActivate}
      </Button>
      {subscribe.isError ? <Alert tone="error">{es.orders.savedSubscribeError}</Alert> : null}
    </div>
  );
}

function SavedList({
  signers,
  onUse,
}: {
  signers: SavedSigner[];
  onUse(signer: SignerFields): void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => apiCall('deleteSavedSigner', { params: { id } }),
    onSuccess: () => {
      toast.success(es.wizard.savedDeleted);
      void queryClient.invalidateQueries({ queryKey: wizardKeys.savedSigners });
    },
    onError: () => {
      toast.error(es.orders.savedDeleteError);
      void queryClient.invalidateQueries({ queryKey: wizardKeys.savedSigners });
    },
  });
  if (signers.length === 0) return <p className="muted">{es.wizard.savedEmpty}</p>;
  return (
    <ul className="saved-signers__list">
      {signers.map((s) => {
        const name = `${s.first_name} ${s.last_name}`;
        return (
          <li key={s.id} className="saved-signers__item">
            <span className="saved-signers__who">
              <span className="saved-signers__name">{name}</span>
              <span className="saved-signers__email">{s.email}</span>
            </span>
            <span className="saved-signers__actions">
              <Button
                size="sm"
                variant="secondary"
                aria-label={fmt(es.wizard.savedAddLabel, { name })}
                onClick={() =>
                  onUse({
                    first_name: s.first_name,
                    last_name: s.last_name,
                    id_number: s.id_number,
                    email: s.email,
                    phone: s.phone,
                    phone_country_code: s.phone_country_code,
                  })
                }
              >
                {es.wizard.savedAdd}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={fmt(es.wizard.savedDeleteLabel, { name })}
                loading={remove.isPending && remove.variables === s.id}
                onClick={() => remove.mutate(s.id)}
              >
                {es.wizard.savedDelete}
              </Button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
