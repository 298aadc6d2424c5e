import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';
import { newConfirmedUser, type TestUser } from '../support/client.js';

/**
 * The credit screens (credits-signing-admin §2 screens 3–6) as a customer uses them: spending
 * on a service, subscribing to a premium feature and cancelling it, being stopped by a low
 * balance, and editing the profile and password.
 */
const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The `sub` claim of an access token (the ledger's owner id is built from it). */
function subOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] as string;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

/** Credits a purchase straight into the user's wallet through the app's own ledger. */
async function giveCredits(user: TestUser, amount: number): Promise<void> {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    TABLE_NAME: stack.tableName,
  });
  const { resetConfigCache } = await import('../../functions/platform/config.js');
  resetConfigCache();
  const { grant } = await import('../../functions/credits/ledger.js');
  const { userOwner } = await import('../../functions/credits/keys.js');
  const now = () => Math.floor(Date.now() / 1000);
  await grant(
    {
      ownerId: userOwner(subOf(user.accessToken)),
      type: 'purchase',
      amount,
      expiresAt: now() + 365 * 24 * 3600,
      idempotencyKey: `e2e-${randomUUID()}`,
      description: 'Paquete de prueba',
      currency_amount: 9990,
      currency_code: 'CLP',
    },
    now,
  );
}

async function logInOnPage(page: Page, email: string, password: string) {
  await page.goto('/login');
  const main = page.locator('main');
  await main.getByLabel(es.auth.email, { exact: true }).fill(email);
  await main.getByLabel(es.auth.password, { exact: true }).fill(password);
  await main.getByRole('button', { name: es.auth.submitLogin }).click();
  await page.locator('.user-chip').waitFor();
}

async function asCustomer(
  name: string,
  credits: number,
  steps: (page: Page, user: TestUser) => Promise<void>,
  viewport?: { width: number; height: number },
) {
  const user = await newConfirmedUser(stack, 'Creditos');
  if (credits > 0) await giveCredits(user, credits);
  const { context, page, consoleErrors } = await newVisitor(browser, stack, {
    gatePassed: true,
    viewport,
  });
  await journey(page, name, async () => {
    await logInOnPage(page, user.email, user.password);
    await steps(page, user);
  });
  expect(consoleErrors).toEqual([]);
  await context.close();
}

/** The card (article) of a service or plan, found by its heading. */
const card = (page: Page, title: string): Locator =>
  page.getByRole('article', { name: title, exact: true });

const balancePill = (page: Page) => page.locator('.balance-pill');

describe('credit services', () => {
  // The one service used directly in a test stack (local/seed.ts testCatalogueRules): 1 credit.
  const chatName = es.credits.serviceNames.ai_chat_message;
  const confirmLabel = fmt(es.availability.useConfirm, { n: `1 ${es.credits.credit}` });
  /** 'Usar servicio', then the confirmation that states the price (issue 21). */
  async function confirmChatUse(page: Page) {
    await card(page, chatName).getByRole('button', { name: es.credits.useService }).click();
    const dialog = page.getByRole('dialog', {
      name: fmt(es.availability.useConfirmTitle, { name: chatName }),
    });
    await dialog.getByRole('button', { name: confirmLabel }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('spends credits on a service after confirming its price; the history shows the usage', async () => {
    await asCustomer('credits-use-service', 51, async (page) => {
      await page.goto('/credit-services');
      await page.getByRole('heading', { name: es.credits.servicesTitle, level: 1 }).waitFor();
      await expect.poll(() => balancePill(page).textContent()).toContain('51');
      // 51 is not below 50: no low-balance banner yet.
      expect(await page.getByText(es.credits.lowBalance).count()).toBe(0);

      // The confirmation says what it costs; cancelling it charges nothing.
      await card(page, chatName).getByRole('button', { name: es.credits.useService }).click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.availability.useConfirmTitle, { name: chatName }),
      });
      await dialog
        .getByText(
          fmt(es.availability.useConfirmBody, { n: `1 ${es.credits.credit}`, balance: '51' }),
        )
        .waitFor();
      await dialog.getByRole('button', { name: es.common.cancel }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await balancePill(page).textContent()).toContain('51');

      await confirmChatUse(page);
      await page.getByText(es.credits.serviceUsed).waitFor();
      await expect.poll(() => balancePill(page).textContent()).toContain('50');
      await confirmChatUse(page);
      await expect.poll(() => balancePill(page).textContent()).toContain('49');
      // Below 50 now: the banner offers more credits.
      await page.getByText(es.credits.lowBalance).waitFor();
      await page.getByRole('link', { name: es.credits.buyCredits }).first().waitFor();

      await page.getByRole('link', { name: es.credits.viewHistory }).click();
      await page.waitForURL('**/credit-history');
      const summary = page.locator('.wallet-summary');
      await expect
        .poll(() => summary.textContent())
        .toMatch(new RegExp(`${es.credits.balance}\\s*49`));
      expect(await summary.textContent()).toMatch(new RegExp(`${es.credits.totalUsed}\\s*2`));
      expect(await summary.textContent()).toMatch(new RegExp(`${es.credits.totalEarned}\\s*51`));

      const items = page.locator('.history-item');
      await expect.poll(() => items.count()).toBe(3);
      // Newest first: the two uses, then the purchase.
      const first = await items.nth(0).textContent();
      expect(first).toContain(chatName);
      expect(first).toContain(es.credits.types.usage);
      expect(first).toContain('\u22121');
      expect(first).toContain(fmt(es.credits.balanceAfter, { n: '49' }));
      expect(await items.nth(2).textContent()).toContain('+51');

      // The type filter: only usage, then only purchases, then nothing expired.
      await page.getByRole('button', { name: es.credits.types.usage, exact: true }).click();
      await expect.poll(() => items.count()).toBe(2);
      expect(page.url()).toContain('type=usage');
      await page.getByRole('button', { name: es.credits.types.purchase, exact: true }).click();
      await expect.poll(() => items.count()).toBe(1);
      await page.getByRole('button', { name: es.credits.types.expired, exact: true }).click();
      await page.getByText(es.credits.historyEmptyFiltered).waitFor();
      await page.getByRole('button', { name: es.credits.filterAll, exact: true }).click();
      await expect.poll(() => items.count()).toBe(3);
    });
  });

  it('retries a use whose answer was lost with the same key: charged once', async () => {
    await asCustomer('credits-retry-same-key', 60, async (page) => {
      await page.goto('/credit-services');
      await page.getByRole('heading', { name: es.credits.servicesTitle, level: 1 }).waitFor();
      await expect.poll(() => balancePill(page).textContent()).toContain('60');

      // The first use reaches the server and is charged, but its answer is lost: the browser
      // gets the 503 of a request that ran out of time. Every later answer goes through.
      const keys: string[] = [];
      await page.route('**/api/credits/services/use', async (route) => {
        keys.push(JSON.parse(route.request().postData() ?? '{}').idempotency_key);
        const answer = await route.fetch();
        if (keys.length === 1) {
          await route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: es.api.timeout } }),
          });
          return;
        }
        await route.fulfill({ response: answer });
      });

      await confirmChatUse(page);
      await page.getByText(es.api.timeout).waitFor();
      // The user tries again: the same use, so the server answers the first charge.
      await confirmChatUse(page);
      await page.getByText(es.credits.serviceUsed).waitFor();
      await expect.poll(() => balancePill(page).textContent()).toContain('59');
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);

      // A use after the answer is a new use, with a new key.
      await confirmChatUse(page);
      await expect.poll(() => balancePill(page).textContent()).toContain('58');
      expect(keys).toHaveLength(3);
      expect(keys[2]).not.toBe(keys[0]);
    });
  });

  it('asks a visitor to log in before using a service', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'credits-visitor', async () => {
      await page.goto('/credit-services');
      const chat = card(page, chatName);
      await chat.getByRole('button', { name: es.credits.useService }).click();
      await page.getByRole('dialog', { name: es.auth.loginTitle }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto('/feature-subscriptions');
      await page.getByRole('heading', { name: es.credits.availableFeatures }).waitFor();
      // Visitors see the plans, not a list of their subscriptions.
      expect(await page.getByRole('heading', { name: es.credits.activeFeatures }).count()).toBe(0);
      await page.getByRole('button', { name: es.credits.subscribe }).first().click();
      await page.getByRole('dialog', { name: es.auth.loginTitle }).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('premium features', () => {
  it('subscribes with credits, then cancels through the confirmation modal', async () => {
    const plan = 'Firmantes Guardados';
    await asCustomer('features-subscribe-cancel', 105, async (page) => {
      await page.goto('/feature-subscriptions');
      await page.getByText(es.credits.noActiveFeatures).waitFor();
      await expect.poll(() => balancePill(page).textContent()).toContain('105');
      expect(await page.getByText(es.credits.lowCreditsFeatures).count()).toBe(0);

      // A feature with nothing to use yet is 'Próximamente', without a way to subscribe.
      const legal = page.locator('.offer-grid').getByRole('article', { name: 'Asesoría Legal' });
      await legal.getByText(es.availability.soonBadge).waitFor();
      expect(await legal.getByRole('button', { name: es.credits.subscribe }).count()).toBe(0);

      // The plan's card (the active list has a card of the same name).
      const saved = page.locator('.offer-grid').getByRole('article', { name: plan });
      await saved.getByRole('button', { name: es.credits.subscribe }).click();
      await page.getByText(es.credits.subscribed).waitFor();
      await expect.poll(() => balancePill(page).textContent()).toContain('95');
      // 95 is below 100: the features banner appears.
      await page.getByText(es.credits.lowCreditsFeatures).waitFor();

      const active = page.locator('.active-features');
      await active.getByRole('article', { name: plan }).waitFor();
      // The plan's card now offers Cancel instead of Subscribe.
      await saved.getByText(es.credits.alreadySubscribed).waitFor();
      expect(await saved.getByRole('button', { name: es.credits.subscribe }).count()).toBe(0);

      // Cancel: the modal first; "keep" changes nothing.
      await active.getByRole('button', { name: es.credits.cancelSubscription }).click();
      const dialog = page.getByRole('dialog', { name: es.credits.cancelConfirmTitle });
      await dialog.getByText(fmt(es.credits.cancelConfirmBody, { name: plan })).waitFor();
      await dialog.getByRole('button', { name: es.credits.keepSubscription }).click();
      await dialog.waitFor({ state: 'detached' });
      await active.getByRole('article', { name: plan }).waitFor();

      await saved.getByRole('button', { name: es.credits.cancelSubscription }).click();
      await dialog.getByRole('button', { name: es.credits.cancelConfirm }).click();
      await page.getByText(es.credits.cancelled).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(es.credits.noActiveFeatures).waitFor();
      await saved.getByRole('button', { name: es.credits.subscribe }).waitFor();

      // The history shows what the subscription cost.
      await page.goto('/credit-history?type=usage');
      await expect.poll(() => page.locator('.history-item').count()).toBe(1);
      expect(await page.locator('.history-item').textContent()).toContain('\u221210');
    });
  });
});

describe('a balance too small', () => {
  it('disables what it cannot pay with "Créditos insuficientes"', async () => {
    await asCustomer(
      'credits-insufficient',
      0,
      async (page) => {
        await page.goto('/credit-services');
        await page.getByText(es.credits.lowBalance).waitFor();
        const chat = card(page, es.credits.serviceNames.ai_chat_message);
        await chat.getByText(es.credits.insufficient).waitFor();
        expect(await chat.getByRole('button', { name: es.credits.useService }).isDisabled()).toBe(
          true,
        );
        // A service the wizard sells is not charged here: its card leads there, whatever the
        // balance (checkout offers the card too).
        const signature = card(page, es.credits.serviceNames.document_signature);
        expect(await signature.getByText(es.credits.insufficient).count()).toBe(0);
        await signature.getByRole('link', { name: es.availability.goToWizard }).waitFor();

        await page.goto('/feature-subscriptions');
        await page.getByText(es.credits.lowCreditsFeatures).waitFor();
        const buttons = page.getByRole('button', { name: es.credits.subscribe });
        await expect.poll(() => buttons.count()).toBeGreaterThan(0);
        const count = await buttons.count();
        for (let i = 0; i < count; i++) expect(await buttons.nth(i).isDisabled()).toBe(true);
        expect(await page.getByText(es.credits.insufficient).count()).toBe(count);
      },
      PHONE,
    );
  });
});

describe('account settings', () => {
  it('saves personal and billing data, changes the password, and logs in with it', async () => {
    await asCustomer('settings-profile-password', 0, async (page, user) => {
      await page.goto('/settings');
      const main = page.locator('main');
      const field = (label: string) => main.getByLabel(label, { exact: true });
      await field(es.auth.firstName).waitFor();
      expect(await field(es.auth.email).inputValue()).toBe(user.email);
      expect(await field(es.auth.email).getAttribute('readonly')).not.toBeNull();
      await main.getByText(es.settings.emailReadOnly).waitFor();

      await field(es.auth.firstName).fill('Renata');
      await field(es.settings.phone).fill('+56 9 1234 5678');
      // "Empresa" names both the company field and an account type: ask for the text box.
      const company = main.getByRole('textbox', { name: es.settings.company, exact: true });
      await company.fill('Notaría Demo SpA');
      await field(es.settings.city).fill('Valparaíso');
      const team = main.getByRole('radio', { name: es.settings.team, exact: true });
      await team.check();
      const country = field(es.settings.billingCountry);
      await expect.poll(() => country.locator('option').count()).toBeGreaterThan(1);
      await country.selectOption({ label: 'Chile' });
      await main.getByRole('button', { name: es.settings.saveProfile }).click();
      await main.getByText(es.settings.saved).waitFor();
      // The header follows the new name.
      await expect.poll(() => page.locator('.user-chip__name').textContent()).toBe('Renata');
      // The message goes away by itself after 3 s.
      await main.getByText(es.settings.saved).waitFor({ state: 'detached', timeout: 6000 });

      await page.reload();
      await expect.poll(() => company.inputValue()).toBe('Notaría Demo SpA');
      expect(await field(es.auth.firstName).inputValue()).toBe('Renata');
      expect(await field(es.settings.phone).inputValue()).toBe('+56 9 1234 5678');
      expect(await team.isChecked()).toBe(true);
      expect(await country.locator('option:checked').textContent()).toBe('Chile');

      // "Sin país" is stored as no country.
      await country.selectOption({ label: es.settings.noCountry });
      await main.getByRole('button', { name: es.settings.saveProfile }).click();
      await main.getByText(es.settings.saved).waitFor();
      await page.reload();
      await expect
        .poll(() => country.locator('option:checked').textContent())
        .toBe(es.settings.noCountry);

      // Password: disabled until every field has something; the spec's rules.
      const submit = main.getByRole('button', { name: es.settings.savePassword });
      expect(await submit.isDisabled()).toBe(true);
      await field(es.settings.currentPassword).fill(user.password);
      await field(es.auth.newPassword).fill('corta');
      expect(await submit.isDisabled()).toBe(true);
      await field(es.auth.confirmPassword).fill('corta');
      await submit.click();
      await main.getByText(es.auth.passwordTooShort).waitFor();
      await field(es.auth.newPassword).fill('clave-nueva-1');
      await field(es.auth.confirmPassword).fill('clave-nueva-2');
      await submit.click();
      await main.getByText(es.auth.passwordsMismatch).waitFor();

      // A wrong current password is refused.
      await field(es.settings.currentPassword).fill('no-es-la-clave');
      await field(es.auth.confirmPassword).fill('clave-nueva-1');
      await submit.click();
      await main.getByText(es.settings.passwordError + es.auth.wrongCurrentPassword).waitFor();

      await field(es.settings.currentPassword).fill(user.password);
      await submit.click();

      // The change signed the account out everywhere, this tab too: /login says why.
      await page.waitForURL('**/login');
      const login = page.locator('main');
      await login.getByText(es.auth.passwordChangedSignIn).waitFor();
      await page.locator('.user-chip').waitFor({ state: 'detached' });
      // The old password is refused; the new one works and leads back to the settings.
      await login.getByLabel(es.auth.email, { exact: true }).fill(user.email);
      await login.getByLabel(es.auth.password, { exact: true }).fill(user.password);
      await login.getByRole('button', { name: es.auth.submitLogin }).click();
      await login.getByText(es.auth.wrongCredentials).waitFor();
      await login.getByLabel(es.auth.password, { exact: true }).fill('clave-nueva-1');
      await login.getByRole('button', { name: es.auth.submitLogin }).click();
      await page.waitForURL('**/settings');
      await expect.poll(() => page.locator('.user-chip__name').textContent()).toBe('Renata');
    });
  });
});
