import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SigningComponent, SigningResponse } from '../../shared/contract/signing.js';
import { es, fmt } from '../../shared/messages.es.js';
import {
  DESKTOP,
  journey,
  launchBrowser,
  newVisitor,
  PHONE,
  seriousA11yViolations,
} from '../support/browser.js';
import { contractPdf } from '../support/documents.js';

/**
 * The signer's screen (credits-signing-admin §2 screen 8) as the built SPA renders it, against
 * scripted answers of POST /api/signing/step (Playwright's page.route): this proves the
 * renderer — URL cleaning, session handling, every component type, the rules, running texts,
 * help list and connection errors. The real journey against the server is another file.
 */
const stack = inject('stack');
const t = es.signing;
const SHOTS = '.data/e2e-shots';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// ——— scripted server ———

type Body = Record<string, unknown>;
type Reply =
  | SigningResponse
  | { status: number; text: string; contentType?: string }
  | 'abort'
  | { hold: Promise<void>; answer: SigningResponse };

/** Answers every step with `reply(body, n)` (n counts from 0) and records the bodies. */
async function scriptServer(page: Page, reply: (body: Body, n: number) => Reply): Promise<Body[]> {
  const bodies: Body[] = [];
  await page.route('**/api/signing/step', async (route: Route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Body;
    bodies.push(body);
    let r = reply(body, bodies.length - 1);
    if (r === 'abort') return route.abort('connectionreset');
    if ('hold' in r) {
      await r.hold;
      r = r.answer;
    }
    if ('text' in r) {
      return route.fulfill({
        status: r.status,
        body: r.text,
        contentType: r.contentType ?? 'text/html',
      });
    }
    return route.fulfill({ status: 200, json: r });
  });
  return bodies;
}

function gate(): { hold: Promise<void>; open: () => void } {
  let open = () => {};
  const hold = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { hold, open };
}

const DATA: SigningResponse['data'] = {
  orderNumber: 'ORD-2026-000123',
  vigenciaInfo: null,
  transactionCode: null,
  signerRut: null,
  signerEmail: 'c***@example.com',
  signedAt: null,
  documentName: 'Contrato de arriendo.pdf',
  documentPreview: null,
  redirectUrl: null,
  unlockUrl: null,
  signingSessionId: null,
  errorDetails: null,
  errorCode: null,
};

function screen(
  ui: Omit<SigningResponse['ui'], 'type'> & { type?: SigningResponse['ui']['type'] },
  data: Partial<SigningResponse['data']> = {},
  status: SigningResponse['status'] = 'success',
  message = '',
): SigningResponse {
  return {
    status,
    message,
    next_step: null,
    current_step: null,
    ui: { type: 'pending', ...ui },
    data: { ...DATA, ...data },
  };
}

const btn = (id: string, label: string, over: Partial<SigningComponent>): SigningComponent => ({
  id,
  type: 'button',
  label,
  style: 'primary',
  ...over,
});

const consent = (session = 'sess-1') =>
  screen(
    {
      title: 'Antes de firmar',
      description: 'Lee y acepta las condiciones de la firma electrónica simple.',
      components: [
        {
          id: 'consent_text',
          type: 'text',
          label: 'Consentimiento (versión 1)',
          value:
            'Acepto firmar electrónicamente este documento. Mi firma quedará asociada a mi correo y a un código que recibiré.',
        },
        btn('accept', 'Acepto y continuar', { action: 'start_signing', value: 'accept_consent' }),
        btn('reject', 'Rechazar', {
          action: 'start_signing',
          value: 'reject_form',
          style: 'danger',
        }),
      ],
    },
    { signingSessionId: session },
    'success',
    'Enlace verificado',
  );

const review = (docUrl: string) =>
  screen({
    title: 'Revisa el documento',
    description: 'Lee el documento completo antes de continuar.',
    components: [
      { id: 'progress', type: 'progress', label: 'Avance de la firma', value: 50 },
      { id: 'doc', type: 'document', label: 'Contrato de arriendo.pdf', value: docUrl },
      btn('reviewed', 'He revisado el documento', {
        action: 'start_signing',
        value: 'confirm_review',
      }),
    ],
  });

const codeScreen = () =>
  screen({
    title: 'Ingresa el código',
    description: 'Te enviamos un código de 6 dígitos a c***@example.com.',
    components: [
      {
        id: 'code',
        type: 'code',
        label: 'Código de verificación',
        validation: {
          required: { message: 'Ingresa el código' },
          digits: { value: 6, message: 'El código tiene 6 dígitos' },
        },
      },
      btn('verify', 'Verificar', { action: 'start_signing', value: 'verify_code' }),
      btn('resend', 'Reenviar código', {
        action: 'request_second_factor',
        value: 'send_code',
        style: 'secondary',
      }),
    ],
  });

const signatureScreen = () =>
  screen({
    title: 'Firma el documento',
    description: 'Escribe tu nombre y dibuja tu firma.',
    components: [
      {
        id: 'typed_name',
        type: 'input',
        label: 'Nombre completo',
        placeholder: 'Como aparece en tu cédula',
        validation: {
          required: { message: 'Escribe tu nombre' },
          minLength: { value: 3, message: 'Mínimo 3 caracteres' },
        },
      },
      { id: 'certificate_password', type: 'password', label: 'Contraseña del certificado' },
      {
        id: 'signature_image',
        type: 'signature',
        label: 'Tu firma',
        validation: { required: { message: 'Dibuja tu firma' } },
      },
      btn('sign', 'Firmar', {
        action: 'submit_signature',
        value: 'submit_signature',
        style: 'success',
      }),
    ],
  });

const done = () =>
  screen(
    {
      type: 'success',
      title: 'Documento firmado',
      description: 'Tu firma quedó registrada.',
      components: [btn('home', 'Ir al inicio', { action: 'go_home', style: 'secondary' })],
    },
    { signerRut: '12.345.678-5', transactionCode: 'N/A', signedAt: '2026-11-25T00:28:00Z' },
    'success',
    'Firma registrada',
  );

const lockedError = () =>
  screen(
    {
      type: 'error',
      title: 'Código bloqueado',
      description: 'Superaste los 5 intentos.',
      components: [
        btn('new', 'Enviar un nuevo código', {
          action: 'request_second_factor',
          value: 'send_code',
        }),
        btn('help', 'Contactar a soporte', { action: 'contact_support', style: 'secondary' }),
      ],
    },
    { errorCode: 'SIG-CODE-LOCKED', errorDetails: { code: 'SIG-CODE-LOCKED' } },
    'error',
    'Código bloqueado',
  );

// ——— helpers ———

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/signing-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/signing-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const focusedText = (page: Page) =>
  page.evaluate('document.activeElement && document.activeElement.textContent') as Promise<string>;

async function withSigner(name: string, steps: (page: Page) => Promise<void>) {
  const { context, page, consoleErrors } = await newVisitor(browser, stack, { viewport: PHONE });
  await journey(page, name, () => steps(page));
  expect(consoleErrors).toEqual([]);
  await context.close();
}

// ——— tests ———

describe('the signer screen renders the server’s answers', () => {
  it('walks consent → review → code → signature → done, posting the session, never the token', async () => {
    await withSigner('signing-screen-journey', async (page) => {
      const docUrl = `${stack.url}/__e2e/contrato.pdf`;
      const pdf = Buffer.from(await contractPdf());
      await page.route('**/__e2e/contrato.pdf', (route) =>
        route.fulfill({ status: 200, body: pdf, contentType: 'application/pdf' }),
      );
      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));

      const first = gate();
      const signing = gate();
      const resend = gate();
      const bodies = await scriptServer(page, (body) => {
        switch (body.accion) {
          case 'init_signing':
            return { hold: first.hold, answer: consent() };
          case 'accept_consent':
            return review(docUrl);
          case 'confirm_review':
            return codeScreen();
          case 'send_code':
            return { hold: resend.hold, answer: codeScreen() };
          case 'verify_code':
            return signatureScreen();
          case 'submit_signature':
            return { hold: signing.hold, answer: done() };
          default:
            return lockedError();
        }
      });

      await page.goto('/sign/sig-1?token=tok-abc');
      // The token left the address bar before the first answer came back.
      await page.getByText(t.connecting).first().waitFor();
      await expect.poll(() => bodies.length).toBe(1);
      expect(await page.evaluate('location.href')).toBe(`${stack.url}/sign/sig-1`);
      expect(bodies[0]).toMatchObject({
        accion: 'init_signing',
        signerId: 'sig-1',
        token: 'tok-abc',
      });
      expect(bodies[0]?.signingSessionId).toBeUndefined();
      expect(typeof bodies[0]?.timestamp).toBe('string');
      // The page asks for no Referer, and the bare layout has no header nor sidebar.
      expect(await page.locator('meta[name="referrer"][content="no-referrer"]').count()).toBe(1);
      // (The prerendered first screens of other pages sit hidden in the page until the handoff.)
      expect(await page.locator('.app-header:visible, .sidebar:visible').count()).toBe(0);
      first.open();

      // Consent: text and two buttons; the title has the focus; the answer's toast.
      await heading(page, 'Antes de firmar').waitFor();
      expect(await focusedText(page)).toBe('Antes de firmar');
      await page.getByText('Enlace verificado').first().waitFor();
      await page.getByText('ORD-2026-000123').waitFor();
      await page.getByText('Consentimiento (versión 1)').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, 'consent');
      // Nothing of pdf.js nor signature_pad was fetched for the first screens.
      expect(requested.filter((u) => /pdf\.worker|\/pdf-|signature_pad/i.test(u))).toEqual([]);
      expect(requested.filter((u) => /amplify/i.test(u))).toEqual([]);

      await page.getByRole('button', { name: 'Acepto y continuar' }).click();
      await heading(page, 'Revisa el documento').waitFor();
      expect(bodies[1]).toMatchObject({
        accion: 'accept_consent',
        signerId: 'sig-1',
        signingSessionId: 'sess-1',
      });
      expect(bodies[1]?.token).toBeUndefined();

      // Document: the PDF drawn page by page (pdf.js and its worker fetched now), open, download.
      const region = page.getByRole('region', {
        name: fmt(t.documentPreview, { name: 'Contrato de arriendo.pdf' }),
      });
      const firstPage = region.getByRole('img', {
        name: fmt(t.documentPage, { page: 1, total: 2 }),
      });
      await firstPage.waitFor();
      await expect
        .poll(() => firstPage.evaluate(darkPixels as never) as Promise<number>, { timeout: 20_000 })
        .toBeGreaterThan(50);
      expect(requested.some((u) => /pdf\.worker/.test(u))).toBe(true);
      const progress = page.getByRole('progressbar', { name: 'Avance de la firma' });
      expect(await progress.getAttribute('value')).toBe('50');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t.documentDownload }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Contrato de arriendo.pdf');
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByRole('button', { name: t.documentOpen }).click(),
      ]);
      expect(popup.url()).toBe(docUrl);
      await popup.close();
      await page.evaluate('window.open = () => null');
      await page.getByRole('button', { name: t.documentOpen }).click();
      await page.getByText(t.popupBlocked).first().waitFor();

      await page.getByRole('button', { name: 'He revisado el documento' }).click();
      await heading(page, 'Ingresa el código').waitFor();

      // Code: digits only, at most 8, a numeric keypad; the rule blocks the post.
      const code = page.getByLabel('Código de verificación', { exact: true });
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      await code.fill('ab1 2');
      expect(await code.inputValue()).toBe('12');
      await code.fill('1234567890');
      expect(await code.inputValue()).toBe('12345678');
      await code.fill('12');
      await shoot(page, 'code');
      const before = bodies.length;
      await page.getByRole('button', { name: 'Verificar' }).click();
      await page.getByText('El código tiene 6 dígitos').waitFor();
      await page.getByRole('alert').filter({ hasText: t.formErrors }).first().waitFor();
      expect(bodies.length).toBe(before);

      // 'Reenviar código' (secondary) posts without the rules; its running text and estimate.
      await page.getByRole('button', { name: 'Reenviar código' }).click();
      await page.getByRole('button', { name: t.runningSecondFactor }).waitFor();
      await page.getByText(t.estimateSecondFactor).waitFor();
      expect(await page.getByRole('button', { name: 'Verificar' }).isDisabled()).toBe(true);
      await expect.poll(() => (bodies.at(-1) as Body | undefined)?.accion).toBe('send_code');
      expect(bodies.at(-1)).toMatchObject({
        accion: 'send_code',
        code: '12',
        signingSessionId: 'sess-1',
      });
      resend.open();
      await page.getByRole('button', { name: 'Reenviar código' }).waitFor();

      // Enter in the field presses 'Verificar'.
      await code.fill('123456');
      await code.press('Enter');
      await heading(page, 'Firma el documento').waitFor();
      expect(bodies.at(-1)).toMatchObject({
        accion: 'verify_code',
        code: '123456',
        signingSessionId: 'sess-1',
      });

      // Signature: input, password with its toggle, the pad; rules first.
      const typed = page.getByLabel('Nombre completo', { exact: true });
      const password = page.getByLabel('Contraseña del certificado', { exact: true });
      await password.fill('secreto');
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: t.showPassword }).click();
      expect(await password.getAttribute('type')).toBe('text');
      const posted = bodies.length;
      await page.getByRole('button', { name: 'Firmar' }).click();
      await page.getByText('Escribe tu nombre', { exact: true }).waitFor();
      await page.getByText('Dibuja tu firma', { exact: true }).waitFor();
      expect(bodies.length).toBe(posted);

      await typed.fill('Carla Rojas');
      const pad = page.getByRole('img', { name: t.signaturePadLabel });
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      if (!box) throw new Error('no signature pad');
      await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++) {
        await page.mouse.move(
          box.x + 30 + i * 20,
          box.y + box.height * (0.6 - 0.3 * Math.sin(i / 2)),
        );
      }
      await page.mouse.up();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, 'signature');

      await page.getByRole('button', { name: 'Firmar' }).click();
      await page.getByRole('button', { name: t.runningSignature }).waitFor();
      await page.getByText(t.estimateSignature).waitFor();
      // The button shows its running state as the request leaves: wait until it arrived.
      await expect.poll(() => (bodies.at(-1) as Body | undefined)?.accion).toBe('submit_signature');
      const signed = bodies.at(-1) as Body;
      expect(signed).toMatchObject({
        accion: 'submit_signature',
        signerId: 'sig-1',
        signingSessionId: 'sess-1',
        typed_name: 'Carla Rojas',
        certificate_password: 'secreto',
      });
      expect(signed.token).toBeUndefined();
      expect(String(signed.signature_image)).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      expect(String(signed.signature_image).length).toBeGreaterThan(500);
      // No double post while the step runs.
      await page.getByRole('button', { name: t.runningSignature }).click({ force: true });
      expect(bodies.length).toBe(posted + 1);
      signing.open();

      // Done: RUT and signing time in Chile's clock; a transaction code of 'N/A' is hidden.
      await heading(page, 'Documento firmado').waitFor();
      await page.getByText('12.345.678-5').waitFor();
      await page.getByText(/24 nov\.? 2026, 21:28 \(UTC-03:00\)/).waitFor();
      expect(await page.getByText(t.transactionCode).count()).toBe(0);
      expect(await page.locator('[data-screen-type="success"]').count()).toBe(1);

      // A reload of the cleaned address resumes with the session, not the token.
      await page.reload();
      await heading(page, 'Antes de firmar').waitFor();
      expect(bodies.at(-1)).toMatchObject({ accion: 'init_signing', signingSessionId: 'sess-1' });
      expect(bodies.at(-1)?.token).toBeUndefined();
    });
  });

  it('shows the help list with the error code on an error answer', async () => {
    await withSigner('signing-screen-error', async (page) => {
      await scriptServer(page, () => lockedError());
      await page.goto('/sign/sig-2?token=tok-2');
      await heading(page, 'Código bloqueado').waitFor();
      const help = page.getByRole('region', { name: t.helpTitle });
      for (const item of [t.helpVerify, t.helpRetry, t.helpSupport])
        await help.getByText(item).waitFor();
      await help.getByText(fmt(t.helpQuote, { code: 'SIG-CODE-LOCKED' })).waitFor();
      expect(await page.locator('[data-screen-type="error"]').count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, 'error-help');
    });
  });

  it("a lost connection shows 'Error de Conexión'; 'Reintentar' runs init_signing again", async () => {
    await withSigner('signing-screen-connection', async (page) => {
      const bodies = await scriptServer(page, (_body, n) =>
        n === 0 ? 'abort' : n === 1 ? { status: 502, text: '<html>Bad gateway</html>' } : consent(),
      );
      await page.goto('/sign/sig-3?token=tok-3');
      await heading(page, t.connectionErrorTitle).waitFor();
      expect(await focusedText(page)).toBe(t.connectionErrorTitle);
      await shoot(page, 'connection-error');
      await page.getByRole('button', { name: t.retry }).click();
      // A 5xx that is no answer is a lost connection too.
      await expect.poll(() => bodies.length).toBe(2);
      await heading(page, t.connectionErrorTitle).waitFor();
      await page.getByRole('button', { name: t.retry }).click();
      await heading(page, 'Antes de firmar').waitFor();
      expect(bodies.map((b) => b.accion)).toEqual(['init_signing', 'init_signing', 'init_signing']);
      // No session yet: the retries use the token held in memory (it is gone from the URL).
      expect(bodies.map((b) => b.token)).toEqual(['tok-3', 'tok-3', 'tok-3']);
      expect(page.url()).toBe(`${stack.url}/sign/sig-3`);
    });
  });

  it('a 429 shows the server’s message; a later step’s refusal keeps the screen', async () => {
    await withSigner('signing-screen-429', async (page) => {
      const limited = {
        status: 429,
        text: JSON.stringify({ error: { code: 'RATE_LIMITED', message: t.tooManyAttempts } }),
        contentType: 'application/json',
      };
      const bodies = await scriptServer(page, (_b, n) =>
        n === 0 ? limited : n === 1 ? consent() : limited,
      );
      await page.goto('/sign/sig-4?token=tok-4');
      await heading(page, t.requestErrorTitle).waitFor();
      await page.getByText(t.tooManyAttempts).first().waitFor();
      await page.getByRole('button', { name: t.retry }).click();
      await heading(page, 'Antes de firmar').waitFor();
      await page.getByRole('button', { name: 'Acepto y continuar' }).click();
      await page.getByRole('alert').filter({ hasText: t.tooManyAttempts }).waitFor();
      await heading(page, 'Antes de firmar').waitFor();
      expect(bodies).toHaveLength(3);
    });
  });

  it('a session that ran out mid-flow is reopened with the link token this tab still holds', async () => {
    await withSigner('signing-screen-reopen', async (page) => {
      const expired = screen(
        {
          type: 'blocked',
          title: t.sessionExpiredTitle,
          description: t.sessionExpired,
          components: [],
        },
        { errorCode: 'SIG-SESSION-EXPIRED', errorDetails: { code: 'SIG-SESSION-EXPIRED' } },
        'error',
      );
      const bodies = await scriptServer(page, (body, n) =>
        body.accion === 'init_signing' ? consent(`sess-${n}`) : n === 1 ? expired : codeScreen(),
      );
      await page.goto('/sign/sig-6?token=tok-6');
      await heading(page, 'Antes de firmar').waitFor();
      await page.getByRole('button', { name: 'Acepto y continuar' }).click();
      await expect.poll(() => bodies.length).toBe(3);
      await heading(page, 'Antes de firmar').waitFor();
      await page.getByRole('button', { name: 'Acepto y continuar' }).click();
      await heading(page, 'Ingresa el código').waitFor();
      expect(bodies.map((b) => [b.accion, b.token, b.signingSessionId])).toEqual([
        ['init_signing', 'tok-6', undefined],
        ['accept_consent', undefined, 'sess-0'],
        ['init_signing', 'tok-6', undefined],
        ['accept_consent', undefined, 'sess-2'],
      ]);
    });
  });

  it('/firmar/…?refresh_status=true checks the certificate after init, on the bare layout', async () => {
    await withSigner('signing-screen-firmar', async (page) => {
      const bodies = await scriptServer(page, (body) =>
        body.accion === 'init_signing'
          ? consent('sess-9')
          : screen(
              {
                type: 'default',
                title: 'Estado del certificado',
                description: 'Tu certificado está vigente.',
                components: [],
              },
              {
                vigenciaInfo: {
                  rut: '12.345.678-5',
                  vigencia: 'Vigente',
                  fechaVencimiento: '01-01-2027',
                },
              },
            ),
      );
      await page.goto('/firmar/sig-5?refresh_status=true&token=tok-5');
      await heading(page, 'Estado del certificado').waitFor();
      expect(bodies.map((b) => b.accion)).toEqual(['init_signing', 'check_certificate_status']);
      expect(bodies[1]).toMatchObject({ signingSessionId: 'sess-9' });
      expect(bodies[1]?.token).toBeUndefined();
      expect(page.url()).toBe(`${stack.url}/firmar/sig-5?refresh_status=true`);
      await page.getByText('Vigente', { exact: true }).waitFor();
      await page.getByText('01-01-2027').waitFor();
      expect(await page.locator('.app-header, .sidebar').count()).toBe(0);
    });
  });
});

/** Dark pixels on a canvas (drawn text), counted in the page. */
function darkPixels(canvas: {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  } | null;
}): number {
  const ctx = canvas.getContext('2d');
  if (!ctx || canvas.width === 0) return 0;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i] ?? 255) < 100 && (data[i + 3] ?? 0) > 200) dark++;
  }
  return dark;
}
