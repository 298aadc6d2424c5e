import type { Page } from 'playwright-core';
import type { StackInfo } from '../../local/stack.js';
import { es, fmt } from '../../shared/messages.es.js';
import { DESKTOP, PHONE, seriousA11yViolations } from './browser.js';
import { api, type TestUser } from './client.js';

/**
 * Browser-side steps of the checkout and orders journeys (test/e2e/checkout, orders): logging
 * in on the page, filling the checkout form by its labels, paying through the local card form,
 * and the theme × width variants the axe checks run in.
 */

export async function logInOnPage(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  const main = page.locator('main');
  await main.getByLabel(es.auth.email, { exact: true }).fill(user.email);
  await main.getByLabel(es.auth.password, { exact: true }).fill(user.password);
  await main.getByRole('button', { name: es.auth.submitLogin }).click();
  await page.locator('.user-chip').waitFor();
}

/** The wizard in Chile with the customer's file uploaded (step 1 done); no country guessed. */
export async function wizardWithDocument(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  file: { name: string; buffer: Buffer },
) {
  await page.route('**/api/geo*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"code":null}' }),
  );
  await logInOnPage(page, user);
  await page.goto('/firmar-documento');
  const select = page.locator('header').getByLabel(es.layout.country, { exact: true });
  await select.selectOption('cl');
  await page.getByRole('heading', { name: es.wizard.documentTitle, level: 2 }).waitFor();
  await page.locator('input[type=file]').setInputFiles({ ...file, mimeType: 'application/pdf' });
  await page.getByText(file.name, { exact: true }).waitFor();
}

/** The checkout form's values as a customer types them (labels of the screen). */
export interface TypedCheckout {
  title?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  company?: string;
  address?: string;
  city?: string;
  whatsapp?: string;
  region?: string;
  /** Visible name of the billing country (the select's option). */
  country?: string;
}

export const CHECKOUT_VALUES: Required<TypedCheckout> = {
  title: 'Contrato de arriendo Providencia',
  firstName: 'Carla',
  lastName: 'Rojas',
  email: 'carla.rojas@example.com',
  phone: '+56 9 1234 5678',
  company: 'Rojas Limitada',
  address: 'Av. Providencia 1234, depto 501',
  city: 'Santiago',
  whatsapp: '+56 9 1234 5678',
  region: 'Región Metropolitana',
  country: 'Chile',
};

/** Fills the given fields of the checkout form (the others keep what they have). */
export async function fillCheckout(page: Page, values: TypedCheckout = CHECKOUT_VALUES) {
  const form = page.getByRole('form', { name: es.checkout.title });
  const fields: [keyof TypedCheckout, string][] = [
    ['title', es.checkout.projectTitle],
    ['firstName', es.auth.firstName],
    ['lastName', es.auth.lastName],
    ['email', es.auth.email],
    ['phone', es.checkout.phone],
    ['company', es.checkout.company],
    ['address', es.checkout.address],
    ['city', es.checkout.city],
    ['whatsapp', es.checkout.whatsapp],
    ['region', es.checkout.region],
  ];
  for (const [key, label] of fields) {
    const value = values[key];
    if (value !== undefined) await form.getByLabel(label, { exact: true }).fill(value);
  }
  if (values.country !== undefined) {
    await form
      .getByLabel(es.checkout.billingCountry, { exact: true })
      .selectOption({ label: values.country });
  }
}

/** Types a card into the local card form of the checkout and presses its pay button. */
export async function payByCard(page: Page, cardNumber: string, amountText: string) {
  const panel = page.getByRole('region', { name: es.checkout.paymentTitle });
  await panel.getByText(es.credits.localCardNotice).waitFor();
  await panel.getByLabel(es.credits.cardNumber).fill(cardNumber);
  await panel.getByLabel(es.credits.cardExpiry).fill('12/34');
  await panel.getByLabel(es.credits.cardCvc).fill('123');
  await panel
    .getByRole('button', { name: fmt(es.credits.payAmount, { amount: amountText }) })
    .click();
}

/** The wizard's in-progress request as the SPA keeps it (null when cleared). */
export function wizardSessionOf(page: Page): Promise<string | null> {
  return page.evaluate("sessionStorage.getItem('sello.wizard.request')") as Promise<string | null>;
}

/** Puts a request in the wizard session, as the wizard does before 'Cotizar y Pagar'. */
export async function setWizardSession(page: Page, requestId: string) {
  await page.evaluate(
    `sessionStorage.setItem('sello.wizard.request', ${JSON.stringify(JSON.stringify({ requestId, step: 4 }))})`,
  );
}

/** The cart of a user through the API (ids of pending requests). */
export async function cartIds(stack: StackInfo, user: TestUser): Promise<string[]> {
  const res = await api(stack)<{ requests: { id: string }[] }>('GET', '/api/requests', {
    token: user.accessToken,
  });
  if (res.status !== 200) throw new Error(`cart ${res.status}`);
  return res.body.requests.map((r) => r.id);
}

/** Theme × width variants of the accessibility checks. */
export const A11Y_VARIANTS = [
  { label: 'light, desktop', colorScheme: 'light', viewport: DESKTOP },
  { label: 'dark, desktop', colorScheme: 'dark', viewport: DESKTOP },
  { label: 'light, phone', colorScheme: 'light', viewport: PHONE },
  { label: 'dark, phone', colorScheme: 'dark', viewport: PHONE },
] as const;

/** Serious or critical axe violations of the page as it is now, named after the screen. */
export async function a11yOf(page: Page, screen: string, theme: 'light' | 'dark') {
  // Entry animations (a modal fading in) blend colours: let the finite ones end first.
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)))',
  );
  const applied = await page.evaluate('document.documentElement.dataset.theme');
  if (applied !== theme) return [`${screen}: theme ${String(applied)} instead of ${theme}`];
  return (await seriousA11yViolations(page)).map((v) => `${screen}: ${v}`);
}
