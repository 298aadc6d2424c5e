import type { SigningComponent, SigningResponse } from '../../../shared/contract/signing';
import { EARLY_CALL_GLOBAL } from '../lib/earlyAnswer';

/**
 * Build-time only: the signer's consent screen drawn from the early init_signing answer before
 * the app's modules arrive. A fresh link's first screen is the consent (functions/signing/
 * types/simple/screens.ts consentScreen); its largest element, the consent text, used to
 * appear only once the app had started on a slow phone. Now the shell carries that screen as
 * the app's own SigningScreen renders it (shells.tsx), with empty slots where the answer's
 * words go, and the boot script fills them from the answer and shows it. Only an answer of exactly that shape
 * is drawn this way (any other screen, an error, a malformed answer: "Conectando" stays until
 * the app renders it). The slots take text only (textContent): nothing in the answer is HTML.
 */

/** The shell view holding the consent screen (beside `signer`, the "Conectando" one). */
export const SIGNER_CONSENT_VIEW = 'signer-consent';

/** `<html data-early-screen>` once the slots are filled: CSS swaps the two signer views. */
export const EARLY_SCREEN_ATTR = 'earlyScreen';

/**
 * On `window`: a promise that settles once the consent screen drawn from the early answer has
 * been painted (its largest paint reported), at once when the answer is not drawn, and after
 * EARLY_SCREEN_WAIT_MS at the latest. The loader (vite-prerender.ts) starts the app's
 * downloads then: the app could only draw the same screen, once that answer is in.
 */
export const EARLY_SCREEN_GLOBAL = '__selloEarlyScreen';

/** How long a slow answer (a cold function) may hold the app's downloads back. */
export const EARLY_SCREEN_WAIT_MS = 1_200;

/** The slots and, for the template, the token each is rendered with. */
const SLOTS = ['title', 'description', 'consentText', 'accept', 'reject', 'orderNumber'] as const;
type Slot = (typeof SLOTS)[number];
const token = (slot: Slot) => `@@${slot}@@`;

/** The consent screen's components, in the server's order, with the slots' tokens. */
const COMPONENTS: SigningComponent[] = [
  { id: 'consent_text', type: 'text', value: token('consentText') },
  {
    id: 'accept',
    type: 'button',
    label: token('accept'),
    value: 'accept_consent',
    action: 'start_signing',
    style: 'primary',
  },
  {
    id: 'reject',
    type: 'button',
    label: token('reject'),
    value: 'reject_form',
    action: 'start_signing',
    style: 'danger',
  },
];

/** What the template is rendered from: a consent answer whose words are the slots' tokens. */
export function consentTemplate(): SigningResponse {
  return {
    status: 'success',
    message: '',
    next_step: 'consent',
    ui: {
      type: 'pending',
      title: token('title'),
      description: token('description'),
      components: COMPONENTS,
    },
    data: { orderNumber: token('orderNumber') },
  };
}

/**
 * The rendered template's tokens made into empty slots (`<span data-early-slot>`). A token that
 * is not a whole text node of its own (an attribute, say) would be drawn wrong: the build fails.
 */
export function withSlots(html: string): string {
  // A token inside a tag (an attribute) cannot become an element: refuse the build.
  if (/<[^>]*@@[^>]*>/.test(html)) throw new Error('a consent slot sits inside an attribute');
  let out = html;
  for (const slot of SLOTS) {
    const parts = out.split(token(slot));
    if (parts.length < 2) throw new Error(`the consent template does not show ${slot}`);
    out = parts.join(`<span data-early-slot="${slot}"></span>`);
  }
  return out;
}

/** The components' shape an answer must have, as the boot script compares it. */
const shape = (c: readonly Pick<SigningComponent, 'id' | 'type' | 'action' | 'style'>[]) =>
  c.map((x) => `${x.type}:${x.id}:${x.action ?? ''}:${x.style ?? ''}`).join('|');

/**
 * The part of the boot script that fills the consent screen from the early answer. Runs after
 * earlyCallsScript; does nothing unless the page shows the signer's shell and the answer is a
 * consent screen of the template's shape with every slot's text present.
 */
export function earlyScreenScript(signerView: string): string {
  return `(() => {
  const early = window[${JSON.stringify(EARLY_CALL_GLOBAL)}];
  const root = document.documentElement;
  if (!early || root.dataset.shell !== ${JSON.stringify(signerView)}) return;
  let drawnOrNot = () => {};
  window[${JSON.stringify(EARLY_SCREEN_GLOBAL)}] = new Promise((resolve) => {
    drawnOrNot = resolve;
    setTimeout(resolve, ${EARLY_SCREEN_WAIT_MS});
  });
  // The paint is known from its largest-paint entry where the browser reports those, else
  // the frame after the drawing stands for it.
  let lcp = false;
  try {
    lcp = PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');
    const painted = (e) => e.element && e.element.closest && e.element.closest('[data-shell-view=${SIGNER_CONSENT_VIEW}]');
    if (lcp) {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntries().some(painted)) return;
        observer.disconnect();
        drawnOrNot();
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }
  } catch {}
  early.answer.then((got) => {
    try {
      if (!got || got.status !== 200) return drawnOrNot();
      const a = JSON.parse(got.text);
      const ui = a && a.ui;
      const c = (ui && ui.components) || [];
      if (a.status !== 'success' || a.next_step !== 'consent' || ui.type !== 'pending') return drawnOrNot();
      const shape = c.map((x) => x.type + ':' + x.id + ':' + (x.action || '') + ':' + (x.style || '')).join('|');
      if (shape !== ${JSON.stringify(shape(COMPONENTS))}) return drawnOrNot();
      const words = {
        title: ui.title,
        description: ui.description,
        consentText: c[0].value,
        accept: c[1].label,
        reject: c[2].label,
        orderNumber: a.data && a.data.orderNumber,
      };
      if (Object.keys(words).some((k) => typeof words[k] !== 'string' || !words[k].trim())) return drawnOrNot();
      const draw = () => {
        // The app may have taken over already: then there is no shell to fill.
        const view = document.querySelector('#shell > [data-shell-view=${SIGNER_CONSENT_VIEW}]');
        if (root.dataset.shell !== ${JSON.stringify(signerView)} || !view) return drawnOrNot();
        view.querySelectorAll('[data-early-slot]').forEach((el) => {
          el.textContent = words[el.getAttribute('data-early-slot')];
        });
        root.dataset.${EARLY_SCREEN_ATTR} = 'consent';
        if (!lcp) requestAnimationFrame(() => setTimeout(drawnOrNot, 0));
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', draw, { once: true });
      else draw();
    } catch {
      drawnOrNot();
    }
  });
})();`;
}
