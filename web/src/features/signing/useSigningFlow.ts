import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type {
  ButtonAction,
  SigningAction,
  SigningResponse,
} from '../../../../shared/contract/signing';
import {
  heldToken,
  initCredentials,
  storedSession,
  storeSession,
  takeLinkToken,
} from '../../lib/linkCredentials';
import { answerToast } from './screenModel';
import { earlyInitOutcome, postStep, type StepBody, type StepOutcome } from './signingCall';

/** What the page shows: the first call, a screen, or one of the states without a screen. */
export type FlowView =
  | { kind: 'connecting' }
  | { kind: 'connection-error' }
  /** The first call was refused (429, 4xx): the server's message and 'Reintentar'. */
  | { kind: 'refused'; message: string }
  /** Neither a token nor a session: the signer must open the e-mailed link again. */
  | { kind: 'no-link' }
  /** `seq` grows with every answer: the screen takes focus and resets its form each time. */
  | { kind: 'screen'; answer: SigningResponse; seq: number };

/** How often a 'loading' screen asks again (a provider's job takes 10–30 s). */
export const POLL_MS = 2_000;

/** The pressed button while its step runs. */
export interface Running {
  componentId: string;
  action?: ButtonAction;
}

/** An answer telling that the signing session ended: a token still in memory opens a new one. */
const sessionEnded = (answer: SigningResponse) =>
  answer.data.errorCode === 'SIG-SESSION-EXPIRED' ||
  answer.data.errorDetails?.code === 'SIG-SESSION-EXPIRED';

/**
 * The signer's flow (credits-signing-admin §4, §7): init_signing on load (token or session),
 * then one step per button. One step at a time: a press while a step runs is ignored.
 */
export function useSigningFlow(
  signerId: string,
  refreshStatus: boolean,
  /** Back from ClaveÚnica: the provider's answer, posted once after the session opens. */
  identityReturn?: string,
) {
  const pendingReturn = useRef(identityReturn);
  const [view, setView] = useState<FlowView>({ kind: 'connecting' });
  const [running, setRunning] = useState<Running | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = useRef(false);
  const seq = useRef(0);
  const alive = useRef<AbortController | null>(null);

  const show = useCallback(
    (answer: SigningResponse) => {
      if (answer.data.signingSessionId) storeSession(signerId, answer.data.signingSessionId);
      const note = answerToast(answer);
      if (note?.kind === 'success') toast.success(note.message);
      else if (note?.kind === 'error') toast.error(note.message);
      else if (note) toast(note.message);
      seq.current += 1;
      setNotice(null);
      setView({ kind: 'screen', answer, seq: seq.current });
    },
    [signerId],
  );

  const send = useCallback(async (body: StepBody): Promise<StepOutcome | undefined> => {
    const controller = alive.current;
    try {
      return await postStep(body, controller?.signal);
    } catch {
      return undefined; // aborted: the page is gone
    }
  }, []);

  const init = useCallback(
    async (fresh: { token?: string; fresh: boolean }) => {
      if (busy.current) return;
      busy.current = true;
      setView({ kind: 'connecting' });
      try {
        if (fresh.fresh) storeSession(signerId, undefined);
        let creds = initCredentials({
          token: fresh.token,
          freshToken: fresh.fresh,
          session: storedSession(signerId),
        });
        if (!creds) {
          setView({ kind: 'no-link' });
          return;
        }
        // Opened by index.html's boot script while this page loaded: its answer, not a second
        // opening (each one is an audit event and counts against the link's limit).
        let outcome =
          (await earlyInitOutcome(signerId, creds)) ??
          (await send({
            accion: 'init_signing',
            signerId,
            ...creds,
            timestamp: new Date().toISOString(),
          }));
        // A stored session that expired, with the link's token still in this tab: open anew.
        const token = heldToken(signerId);
        if (
          outcome?.kind === 'answer' &&
          'signingSessionId' in creds &&
          sessionEnded(outcome.answer) &&
          token
        ) {
          storeSession(signerId, undefined);
          creds = { token };
          outcome = await send({
            accion: 'init_signing',
            signerId,
            ...creds,
            timestamp: new Date().toISOString(),
          });
        }
        if (!outcome) return;
        if (outcome.kind === 'connection') return setView({ kind: 'connection-error' });
        if (outcome.kind === 'refused') {
          toast.error(outcome.message, { id: 'sign-refused' });
          return setView({ kind: 'refused', message: outcome.message });
        }
        show(outcome.answer);
        const back = pendingReturn.current;
        // A screen with an error (a blocked second factor, an earlier refusal) still takes its
        // return and its refresh; only an ended session does not.
        const live = !sessionEnded(outcome.answer);
        if (back && live) {
          pendingReturn.current = undefined;
          const verified = await send({
            accion: 'check_status',
            signerId,
            signingSessionId: storedSession(signerId),
            identity_return: back,
            timestamp: new Date().toISOString(),
          });
          if (verified?.kind === 'answer') show(verified.answer);
          else if (verified?.kind === 'connection') setView({ kind: 'connection-error' });
          else if (verified) {
            toast.error(verified.message, { id: 'sign-refused' });
            setNotice(verified.message);
          }
          return;
        }
        if (!refreshStatus || !live) return;
        // /firmar/…?refresh_status=true: the certificate's state is asked for right away.
        const refreshed = await send({
          accion: 'check_certificate_status',
          signerId,
          signingSessionId: storedSession(signerId),
          timestamp: new Date().toISOString(),
        });
        if (refreshed?.kind === 'answer') show(refreshed.answer);
        else if (refreshed?.kind === 'connection') setView({ kind: 'connection-error' });
        else if (refreshed) {
          toast.error(refreshed.message, { id: 'sign-refused' });
          setNotice(refreshed.message);
        }
      } finally {
        busy.current = false;
      }
    },
    [signerId, refreshStatus, send, show],
  );

  /** One step: the pressed button's accion with the screen's form values (§7). */
  const step = useCallback(
    async (accion: SigningAction, values: Record<string, string>, pressed: Running) => {
      if (busy.current) return;
      busy.current = true;
      let reopen = false;
      setRunning(pressed);
      setNotice(null);
      try {
        const outcome = await send({
          ...values,
          accion,
          signerId,
          signingSessionId: storedSession(signerId),
          timestamp: new Date().toISOString(),
        });
        if (!outcome) return;
        if (outcome.kind === 'answer' && sessionEnded(outcome.answer) && heldToken(signerId)) {
          // The session ran out mid-flow, but this tab still holds the link: open a new one.
          storeSession(signerId, undefined);
          reopen = true;
        } else if (outcome.kind === 'answer') show(outcome.answer);
        else if (outcome.kind === 'connection') setView({ kind: 'connection-error' });
        else {
          toast.error(outcome.message, { id: 'sign-refused' });
          setNotice(outcome.message);
        }
      } finally {
        busy.current = false;
        setRunning(null);
      }
      if (reopen) await init({ token: heldToken(signerId), fresh: false });
    },
    [signerId, send, show, init],
  );

  // First load: the token leaves the address bar before the first call is even sent (taken
  // once per signer: the ref outlives React's StrictMode remount in development).
  const firstLink = useRef<{ signerId: string; link: ReturnType<typeof takeLinkToken> } | null>(
    null,
  );
  useEffect(() => {
    if (firstLink.current?.signerId !== signerId) {
      firstLink.current = { signerId, link: takeLinkToken(signerId) };
    }
    const link = firstLink.current.link;
    const controller = new AbortController();
    alive.current = controller;
    // A tick later, and only if this effect is still the live one: StrictMode mounts, unmounts
    // and mounts again, and a link must be opened (a session, an audit event) once.
    const timer = setTimeout(() => void init(link), 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
      busy.current = false;
    };
  }, [signerId, init]);

  // While a provider works on the signer's behalf (the FEA's SMS or signature, 10–30 s), the
  // answer says 'loading' and the screen asks where things stand every POLL_MS (check_status);
  // the server answers the next screen as soon as the job has ended.
  const [pollTick, setPollTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pollTick re-arms a skipped poll.
  useEffect(() => {
    if (view.kind !== 'screen' || view.answer.status !== 'loading') return;
    const timer = setTimeout(() => {
      if (busy.current) setPollTick((n) => n + 1);
      else void step('check_status', {}, { componentId: 'poll', action: 'check_status' });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [view, pollTick, step]);

  /** 'Reintentar': init_signing again, with the session (or the token held in memory). */
  const retry = useCallback(() => {
    void init({ token: heldToken(signerId), fresh: false });
  }, [init, signerId]);

  return { view, running, notice, step, retry };
}
