import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { DESKTOP, journey, launchBrowser, newVisitor } from '../support/browser.js';
import { appLink, signIn, uniqueEmail, waitForMail } from '../support/client.js';
import {
  contextsOf,
  invitationMailsTo,
  inviteTo,
  newOrganization,
} from '../support/organizations.js';

/**
 * An invitation as its new member meets it (issue 22): the owner invites an address with no
 * account; its owner opens the mail's link without the access code, signs up from there,
 * confirms, logs in, comes back to the link, joins and starts working in the organisation.
 */
const stack = inject('stack');
const t = es.organizations;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const relative = (url: URL) => `${url.pathname}${url.search}`;

describe('an invitation to an organisation', () => {
  it('a new person signs up through the link, joins and works in the organisation', async () => {
    const { owner, org } = await newOrganization(stack, 30);
    const email = uniqueEmail('invitada');
    const password = 'Clave-Invitada-1';
    const invited = await inviteTo(stack, owner, org, email, 'member');
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    let mails = await invitationMailsTo(stack, email);
    for (let i = 0; i < 150 && mails.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mails = await invitationMailsTo(stack, email);
    }
    const [mail] = mails;
    if (!mail) throw new Error('no invitation mail');
    const link = appLink(stack, mail);
    expect(link.pathname).toBe('/invitacion');

    // No gate flag, no session: a person who only has the mail.
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
    });
    await journey(page, 'invitation-join', async () => {
      await page.goto(relative(link));
      await page.getByRole('heading', { name: t.invitationTitle }).waitFor();
      await page.getByText(t.invitationNoAccount).waitFor();
      await page.screenshot({ path: '.data/e2e-shots/invitation-signed-out.png' });

      // Sign up from the invitation page (its modal: the page needs no access code).
      await page.locator('main').getByRole('button', { name: es.auth.register }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(es.auth.firstName, { exact: true }).fill('Isidora');
      await dialog.getByLabel(es.auth.lastName, { exact: true }).fill('Fuentes');
      await dialog.getByLabel(es.auth.email, { exact: true }).fill(email);
      await dialog.getByLabel(es.auth.password, { exact: true }).fill(password);
      await dialog.getByLabel(es.auth.confirmPassword, { exact: true }).fill(password);
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: es.auth.submitRegister }).click();
      await dialog.getByText(es.auth.registered).waitFor();

      // Confirm from the mail, open the invitation's link again and log in there.
      // The second mail to that address: the first was the invitation.
      const confirm = appLink(stack, await waitForMail(stack, email, 2));
      await page.goto(relative(confirm));
      await page.getByText(es.auth.confirmSuccess).waitFor();
      await page.goto(relative(link));
      await page.locator('main').getByRole('button', { name: es.auth.login }).click();
      const login = page.getByRole('dialog');
      await login.getByLabel(es.auth.email, { exact: true }).fill(email);
      await login.getByLabel(es.auth.password, { exact: true }).fill(password);
      await login.getByRole('button', { name: es.auth.submitLogin }).click();
      await page.waitForURL('**/invitacion?token=*');
      await page
        .getByText(fmt(t.invitationJoined, { organization: org.name, role: t.roles.member }))
        .waitFor();
      await page.screenshot({ path: '.data/e2e-shots/invitation-joined.png' });
      await page.getByRole('button', { name: fmt(t.workIn, { organization: org.name }) }).click();
      await page.waitForURL('**/credit-packages');
      await expect
        .poll(() => page.locator('.context-switcher__button').textContent())
        .toContain(org.name);
      await expect.poll(() => page.locator('.balance-pill').textContent()).toContain('30');
    });
    expect(consoleErrors).toEqual([]);
    await context.close();

    const member = {
      email,
      password,
      firstName: 'Isidora',
      ...(await signIn(stack, email, password)),
    };
    const contexts = await contextsOf(stack, member);
    expect(contexts.map((c) => [c.name, c.role])).toEqual([
      [t.personal, null],
      [org.name, 'member'],
    ]);
  });
});
