import { describe, expect, it } from 'vitest';
import { EARLY_CALL_GLOBAL } from '../lib/earlyAnswer';
import {
  consentTemplate,
  EARLY_SCREEN_GLOBAL,
  earlyScreenScript,
  SIGNER_CONSENT_VIEW,
  withSlots,
} from './earlyScreen';
import { renderShellMarkup } from './shells';

/**
 * The consent answer of functions/signing/types/simple/screens.ts consentScreen, as the API
 * sends it.
 */
const consent = {
  status: 'success',
  message: '',
  next_step: 'consent',
  ui: {
    type: 'pending',
    title: 'Firma electrónica simple',
    description: 'Ana te pidió firmar «contrato.pdf» (pedido ORD-1).',
    components: [
      { id: 'consent_text', type: 'text', value: 'Al continuar aceptas <b>firmar</b>.' },
      {
        id: 'accept',
        type: 'button',
        label: 'Acepto y continuar',
        value: 'accept_consent',
        action: 'start_signing',
        style: 'primary',
      },
      {
        id: 'reject',
        type: 'button',
        label: 'Rechazar',
        value: 'reject_form',
        action: 'start_signing',
        style: 'danger',
      },
    ],
  },
  data: { orderNumber: 'ORD-1', documentName: 'contrato.pdf' },
};

interface Slot {
  name: string;
  textContent: string;
}

/** Runs the script on a page showing `shell`, with the early answer `answer` (status 200). */
async function run(answer: unknown, { shell = 'signer', status = 200, took = false } = {}) {
  const slots: Slot[] = [
    'title',
    'description',
    'consentText',
    'accept',
    'reject',
    'orderNumber',
  ].map((name) => ({ name, textContent: '' }));
  const dataset: Record<string, string> = { shell };
  let resolve: (v: unknown) => void = () => undefined;
  const window = {
    [EARLY_CALL_GLOBAL]: {
      key: 'signing s1 token t',
      answer: new Promise((r) => {
        resolve = r;
      }),
    },
  };
  const document = {
    documentElement: { dataset },
    readyState: 'complete',
    querySelector: (selector: string) =>
      took || selector !== `#shell > [data-shell-view=${SIGNER_CONSENT_VIEW}]`
        ? null
        : {
            querySelectorAll: () =>
              slots.map((s) => ({
                getAttribute: () => s.name,
                set textContent(v: string) {
                  s.textContent = v;
                },
              })),
          },
    addEventListener: () => undefined,
  };
  // No paint timing here: the frame after the drawing stands for the paint.
  const frame = (fn: () => void) => setTimeout(fn, 0);
  new Function('window', 'document', 'requestAnimationFrame', earlyScreenScript('signer'))(
    window,
    document,
    frame,
  );
  let settled = false;
  const screen = (window as Record<string, unknown>)[EARLY_SCREEN_GLOBAL] as
    | Promise<void>
    | undefined;
  void screen?.then(() => {
    settled = true;
  });
  resolve({ status, statusText: '', text: JSON.stringify(answer) });
  await new Promise((r) => setTimeout(r, 20));
  return {
    dataset,
    settled,
    words: Object.fromEntries(slots.map((s) => [s.name, s.textContent])),
  };
}

describe('the signer consent screen drawn from the early answer', () => {
  it('fills every slot with the answer’s words, as text, and shows the screen', async () => {
    const { dataset, words, settled } = await run(consent);
    expect(dataset.earlyScreen).toBe('consent');
    // The app's downloads wait for that screen's paint, and no longer.
    expect(settled).toBe(true);
    expect(words).toEqual({
      title: 'Firma electrónica simple',
      description: 'Ana te pidió firmar «contrato.pdf» (pedido ORD-1).',
      consentText: 'Al continuar aceptas <b>firmar</b>.',
      accept: 'Acepto y continuar',
      reject: 'Rechazar',
      orderNumber: 'ORD-1',
    });
  });

  it('leaves "Conectando" for any other answer', async () => {
    const other = [
      { ...consent, status: 'error' },
      { ...consent, next_step: 'review' },
      { ...consent, ui: { ...consent.ui, type: 'error' } },
      { ...consent, ui: { ...consent.ui, components: consent.ui.components.slice(0, 2) } },
      { ...consent, data: { orderNumber: null } },
      { ...consent, ui: { ...consent.ui, title: '  ' } },
      'not json {',
    ];
    for (const answer of other) {
      const { dataset, words, settled } = await run(answer);
      expect(dataset.earlyScreen).toBeUndefined();
      expect(settled).toBe(true);
      expect(words.title).toBe('');
    }
    expect((await run(consent, { status: 404 })).dataset.earlyScreen).toBeUndefined();
  });

  it('does nothing on another page or once the app has taken over', async () => {
    expect((await run(consent, { shell: 'verify' })).dataset.earlyScreen).toBeUndefined();
    expect((await run(consent, { took: true })).dataset.earlyScreen).toBeUndefined();
  });

  it('is the app’s own consent screen with empty slots in the built shell', () => {
    const markup = renderShellMarkup();
    const view = markup.split(`<div data-shell-view="${SIGNER_CONSENT_VIEW}">`)[1] ?? '';
    expect(view).toContain('class="sign-page"');
    expect(view).toContain('<span data-early-slot="consentText"></span>');
    expect(markup).not.toContain('@@');
  });

  it('refuses a template whose slot would land inside an attribute', () => {
    const all = '<p>@@description@@ @@consentText@@ @@accept@@ @@reject@@ @@orderNumber@@</p>';
    expect(withSlots(`<h1>@@title@@</h1>${all}`)).toContain('<h1><span data-early-slot="title">');
    expect(() => withSlots(`<h1 title="@@title@@">@@title@@</h1>${all}`)).toThrow(/attribute/);
    expect(() => withSlots(all)).toThrow(/title/);
    expect(consentTemplate().next_step).toBe('consent');
  });
});
