import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { StackInfo } from '../local/stack.js';
import { es } from '../shared/messages.es.js';
import { api, mailsTo, newConfirmedUser, type TestUser } from '../test/support/client.js';
import { grantCredits } from '../test/support/ledger.js';
import { checkoutForm, signer } from '../test/support/order-forms.js';
import { readyDocument, serviceIds } from '../test/support/requests.js';

/**
 * The real people behind the Lighthouse visits that need data (bench/lighthouse.ts): a
 * customer with a paid order, signed in, and the signing link its signer was mailed. Made
 * through the API as the wizard and the checkout make them, with the tests' own forms
 * (test/support/order-forms.ts; orders.ts asserts with Vitest's `expect`, which a plain
 * process cannot import).
 */
export interface BenchPeople {
  /** The signer's link as mailed: `/sign/{signerId}?token=…` (path and query). */
  signerLink: string;
  /** The customer's localStorage once signed in on the page (Amplify's keys, the gate's flag). */
  signedIn: Record<string, string>;
}

/**
 * A few tries: on a busy machine the document's check (a child process per file) can pass the
 * API's time budget and answer 503, which the app would ask the customer to retry as well.
 */
async function retried<T>(make: () => Promise<T>, tries = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await make();
    } catch (err) {
      if (i >= tries) throw err;
      await new Promise((r) => setTimeout(r, 2000 * i));
    }
  }
}

async function paidOrderWithLink(stack: StackInfo, user: TestUser): Promise<string> {
  const call = api(stack);
  const documentId = await retried(() => readyDocument(stack, user.accessToken, 'contrato.pdf'));
  const created = await call<{ request: { id: string; quote: { credits_needed: number } } }>(
    'POST',
    '/api/requests',
    { token: user.accessToken, body: { country_id: 'cl', document_id: documentId } },
  );
  if (created.status !== 200) throw new Error(`request ${created.status}`);
  const cl = await serviceIds(stack, 'cl');
  const email = `firmante-${randomUUID().slice(0, 8)}@example.com`;
  const saved = await call<{ request: { id: string; quote: { credits_needed: number } } }>(
    'PATCH',
    `/api/requests/${created.body.request.id}`,
    {
      token: user.accessToken,
      body: {
        notarial_service_id: cl.id('sin_notario'),
        signature_service_id: cl.id('fes'),
        signers: [signer({ email })],
        delivery_options: true,
      },
    },
  );
  if (saved.status !== 200)
    throw new Error(`request ${saved.status} ${JSON.stringify(saved.body)}`);
  await grantCredits(stack, user.accessToken, saved.body.request.quote.credits_needed);
  const paid = await call('POST', '/api/checkout/credits', {
    token: user.accessToken,
    body: {
      request_id: saved.body.request.id,
      idempotency_key: randomUUID(),
      form: checkoutForm(),
    },
  });
  if (paid.status !== 200) throw new Error(`checkout ${paid.status} ${JSON.stringify(paid.body)}`);
  // The link goes out through the outbox a moment after the payment.
  const escaped = stack.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`href="${escaped}(/sign/[^"]+)"`);
  for (let i = 0; i < 200; i++) {
    for (const mail of await mailsTo(stack, email)) {
      const link = re.exec(mail.body.html ?? '')?.[1];
      if (link) return link.replace(/&amp;|&#38;|&#x26;/gi, '&');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no signing link reached ${email}`);
}

/** Logs in on the page as a customer does, and answers the storage that keeps them in. */
async function signedInStorage(page: Page, base: string, user: TestUser) {
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(
    "localStorage.clear(); localStorage.setItem('maintenance_access', 'granted')",
  );
  await page.goto(`${base}/login`);
  const main = page.locator('main');
  await main.getByLabel(es.auth.email, { exact: true }).fill(user.email);
  await main.getByLabel(es.auth.password, { exact: true }).fill(user.password);
  await main.getByRole('button', { name: es.auth.submitLogin }).click();
  await page.locator('.user-chip').waitFor();
  // A script string: bench/ is type-checked without the DOM library.
  return (await page.evaluate('({ ...localStorage })')) as Record<string, string>;
}

export async function benchPeople(stack: StackInfo, page: Page): Promise<BenchPeople> {
  const user = await newConfirmedUser(stack, 'Medición');
  const signerLink = await paidOrderWithLink(stack, user);
  return { signerLink, signedIn: await signedInStorage(page, stack.url, user) };
}
