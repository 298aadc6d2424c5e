import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import {
  DESKTOP,
  launchBrowser,
  newVisitor,
  PHONE,
  seriousA11yViolations,
} from '../support/browser.js';

/**
 * Every screen built so far, checked with axe-core (WCAG 2.1 A/AA rules) in light and dark
 * theme, at phone and desktop width. A serious or critical violation fails the run.
 */
const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Check = { name: string; open(page: Page): Promise<void> };

const visit =
  (path: string, ready: (page: Page) => Promise<unknown>) =>
  async (page: Page): Promise<void> => {
    await page.goto(path);
    await ready(page);
  };

const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { name, exact: true }).first().waitFor();

/** Screens of a visitor who passed the gate but has not logged in. */
const signedOutScreens: Check[] = [
  { name: 'home', open: visit('/', heading(es.home.heroTitle)) },
  { name: 'login page', open: visit('/login', heading(es.auth.loginTitle)) },
  { name: 'sign-up page', open: visit('/signup', heading(es.auth.registerTitle)) },
  { name: 'forgot-password page', open: visit('/forgot-password', heading(es.auth.forgotTitle)) },
  {
    name: 'confirm page, broken link',
    open: visit('/auth/confirm', (p) => p.getByText(es.auth.confirmInvalidLink).waitFor()),
  },
  {
    name: 'reset page, broken link',
    open: visit('/reset-password', (p) => p.getByText(es.auth.resetInvalidLink).waitFor()),
  },
  {
    name: 'coming-soon page',
    open: visit('/asesoria-financiera', heading(es.pages.financialTitle)),
  },
  {
    // The signing screen's answer to a link that does not open (the server's uniform screen).
    name: 'signer page (bare layout)',
    open: visit('/sign/abc?token=not-a-token', heading(es.signing.linkInvalidTitle)),
  },
  {
    name: 'signer page without a link',
    open: visit('/firmar/abc', heading(es.signing.sessionExpiredTitle)),
  },
  {
    // The sealed documents' public pages (a sealed record is checked in verify-pages.test.ts).
    name: 'verification code form',
    open: visit('/verificar', heading(es.verify.formTitle)),
  },
  {
    name: 'verification of an unknown code',
    open: visit('/verificar/ZZZZZ-ZZZZZ', (p) => p.getByText(es.signing.verifyNotFound).waitFor()),
  },
  {
    name: 'download link without its token',
    open: visit('/descargar/ord_x', heading(es.verify.downloadErrorTitle)),
  },
  {
    name: 'credit services, visitor',
    open: visit('/credit-services', (p) =>
      p.getByRole('button', { name: es.credits.useService }).first().waitFor(),
    ),
  },
  {
    name: 'premium features, visitor',
    open: visit('/feature-subscriptions', (p) =>
      p.getByRole('button', { name: es.credits.subscribe }).first().waitFor(),
    ),
  },
  {
    name: 'credit packages, visitor',
    open: visit('/credit-packages', (p) => p.getByText(es.credits.signupInvite).waitFor()),
  },
  {
    name: 'subscription plans, visitor',
    open: visit('/subscription-plans', (p) => p.getByText(es.credits.plansReadOnly).waitFor()),
  },
  {
    name: 'auth modal, register mode',
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: es.auth.register, exact: true }).click();
      await page.getByRole('dialog').getByLabel(es.auth.firstName, { exact: true }).waitFor();
      // Submitting empty shows every field error: those must be accessible too.
      await page.getByRole('dialog').getByRole('button', { name: es.auth.submitRegister }).click();
      await page.getByRole('dialog').getByText(es.auth.required).first().waitFor();
    },
  },
  {
    name: 'auth modal, forgot mode',
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: es.auth.login, exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: es.auth.forgotLink }).click();
      await page.getByRole('dialog').getByRole('button', { name: es.auth.submitForgot }).waitFor();
    },
  },
];

/** Screens of a signed-in customer. */
const signedInScreens: Check[] = [
  { name: 'dashboard', open: visit('/dashboard', (p) => p.locator('.user-chip').waitFor()) },
  { name: 'home, signed in', open: visit('/', (p) => p.locator('.user-chip').waitFor()) },
  {
    name: 'credit history',
    open: visit('/credit-history', (p) => p.locator('.wallet-summary').waitFor()),
  },
  {
    name: 'credit services',
    open: visit('/credit-services', (p) => p.locator('.balance-pill').waitFor()),
  },
  {
    name: 'premium features',
    open: visit('/feature-subscriptions', (p) =>
      p.getByText(es.credits.noActiveFeatures).waitFor(),
    ),
  },
  {
    name: 'credit packages',
    open: visit('/credit-packages', (p) => p.locator('.balance-pill').waitFor()),
  },
  {
    name: 'package purchase modal, card errors',
    open: async (page) => {
      await page.goto('/credit-packages');
      await page.getByRole('button', { name: es.credits.buy }).first().click();
      const dialog = page.getByRole('dialog', { name: es.credits.buyPackage });
      await dialog.getByLabel(es.credits.cardNumber).waitFor();
      // Paying with empty fields shows every field error: those must be accessible too.
      await dialog.getByRole('button', { name: /^Pagar/ }).click();
      await dialog.getByText(es.credits.cardNumberInvalid).waitFor();
    },
  },
  {
    name: 'package purchase modal, declined card',
    open: async (page) => {
      await page.goto('/credit-packages');
      await page.getByRole('button', { name: es.credits.buy }).first().click();
      const dialog = page.getByRole('dialog', { name: es.credits.buyPackage });
      await dialog.getByLabel(es.credits.cardNumber).fill('4000000000000002');
      await dialog.getByLabel(es.credits.cardExpiry).fill('12/34');
      await dialog.getByLabel(es.credits.cardCvc).fill('123');
      await dialog.getByRole('button', { name: /^Pagar/ }).click();
      await dialog.getByText(es.credits.paymentFailed).waitFor();
    },
  },
  {
    name: 'settings',
    open: visit('/settings', (p) => p.getByLabel(es.auth.firstName, { exact: true }).waitFor()),
  },
];

const variants = [
  { label: 'light, desktop', colorScheme: 'light', viewport: DESKTOP },
  { label: 'dark, desktop', colorScheme: 'dark', viewport: DESKTOP },
  { label: 'light, phone', colorScheme: 'light', viewport: PHONE },
  { label: 'dark, phone', colorScheme: 'dark', viewport: PHONE },
] as const;

async function violationsOf(
  page: Page,
  theme: 'light' | 'dark',
  checks: Check[],
): Promise<string[]> {
  const found: string[] = [];
  for (const check of checks) {
    await check.open(page);
    expect(await page.evaluate('document.documentElement.dataset.theme'), check.name).toBe(theme);
    for (const v of await seriousA11yViolations(page)) found.push(`${check.name}: ${v}`);
  }
  return found;
}

describe('accessibility (axe-core, no serious or critical violations)', () => {
  for (const variant of variants) {
    it(`the maintenance gate, ${variant.label}`, async () => {
      const { context, page } = await newVisitor(browser, stack, variant);
      await page.goto('/');
      await page.getByRole('heading', { name: es.maintenance.title }).waitFor();
      const found = await seriousA11yViolations(page);
      // A wrong code shows the field error: checked too.
      await page.getByLabel(es.maintenance.codeLabel, { exact: true }).fill('NOPE');
      await page.getByRole('button', { name: es.maintenance.submit }).click();
      await page.getByText(es.maintenance.wrongCode).waitFor();
      found.push(...(await seriousA11yViolations(page)));
      await context.close();
      expect(found).toEqual([]);
    });

    it(`signed-out screens, ${variant.label}`, async () => {
      const { context, page } = await newVisitor(browser, stack, { ...variant, gatePassed: true });
      const found = await violationsOf(page, variant.colorScheme, signedOutScreens);
      if (variant.viewport === PHONE) {
        await page.goto('/');
        await page.getByRole('button', { name: es.layout.menu }).click();
        await page.getByRole('dialog').waitFor();
        found.push(...(await seriousA11yViolations(page)).map((v) => `mobile drawer: ${v}`));
      }
      await context.close();
      expect(found).toEqual([]);
    });

    it(`signed-in screens, ${variant.label}`, async () => {
      const { context, page } = await newVisitor(browser, stack, { ...variant, gatePassed: true });
      const customer = stack.demoAccounts.find((a) => a.key === 'customer');
      if (!customer) throw new Error('the stack seeds a demo customer');
      await page.goto('/login');
      const main = page.locator('main');
      await main.getByLabel(es.auth.email, { exact: true }).fill(customer.email);
      await main.getByLabel(es.auth.password, { exact: true }).fill(customer.password);
      await main.getByRole('button', { name: es.auth.submitLogin }).click();
      await page.locator('.user-chip').waitFor();
      const found = await violationsOf(page, variant.colorScheme, signedInScreens);
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
