import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits, formatMoney } from '../../shared/rules/currency.js';
import { DESKTOP, journey, launchBrowser, newVisitor } from '../support/browser.js';
import { newConfirmedUser, uniqueEmail } from '../support/client.js';
import { checkoutApi, completeRequest } from '../support/orders.js';
import {
  addMemberTo,
  contextsOf,
  inOrganization,
  membersOf,
  newOrganization,
} from '../support/organizations.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The organisation dashboard as its people use it (issue 22): the owner is asked on /mis-pedidos
 * whether to go to it, sees the real figures, invites, changes a role and removes a member; a
 * plain member opens it from Personal, sees the figures without the managers' controls, and
 * leaves.
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

const tile = (label: string) =>
  `.stat-tile:has(.stat-tile__label:text-is("${label}")) .stat-tile__value`;

describe('the organisation dashboard', () => {
  it('the owner is asked on /mis-pedidos, sees the figures and manages the members', async () => {
    const { owner, org } = await newOrganization(stack, 5000);
    const member = await newConfirmedUser(stack, 'Gestora');
    await addMemberTo(stack, org, member);
    const paid = await checkoutApi(stack, inOrganization(org.id)).payCredits(
      member,
      (await completeRequest(stack, member)).id,
    );
    expect(paid.status).toBe(200);
    const order = paid.body.order;
    const invitee = uniqueEmail('invitada');

    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    page.on('dialog', (dialog) => void dialog.accept());
    await journey(page, 'organization-dashboard', async () => {
      await logInOnPage(page, owner);
      await page.goto('/mis-pedidos');
      const prompt = page.getByRole('dialog', { name: t.ordersPromptTitle });
      await prompt.getByRole('button', { name: t.ordersPromptGo }).click();
      await page.waitForURL('**/organization-dashboard');
      await page.getByRole('heading', { name: org.name, level: 1 }).waitFor();
      await expect
        .poll(() => page.locator(tile(t.figureCredits)).textContent())
        .toBe(formatCredits(5000 - order.credits_used));
      expect(await page.locator(tile(t.figureDocumentsThisMonth)).textContent()).toBe('1');
      expect(await page.locator(tile(t.figureMembers)).textContent()).toBe('2');
      expect(await page.locator(tile(t.figureAveragePerDocument)).textContent()).toBe(
        formatMoney(order.total_price, order.currency_code),
      );
      await page.getByText(member.email).waitFor();
      await page.screenshot({ path: '.data/e2e-shots/organization-dashboard.png', fullPage: true });

      // Invite: the server's rule in the browser first.
      const invite = page.locator('form.org-invite');
      await invite.getByLabel(t.inviteEmailLabel).fill('no-es-correo');
      await invite.getByRole('button', { name: t.inviteAction }).click();
      await invite.getByText(t.emailInvalid).waitFor();
      await invite.getByLabel(t.inviteEmailLabel).fill(invitee);
      await invite.getByLabel(t.roleLabel).selectOption('admin');
      await invite.getByRole('button', { name: t.inviteAction }).click();
      await page.getByText(fmt(t.invited, { email: invitee })).waitFor();
      await page.locator('.org-members__invitation', { hasText: invitee }).waitFor();

      // Make the member an admin, then remove them.
      const name = `${member.firstName} Test`;
      await page.getByLabel(fmt(t.roleOf, { name })).selectOption('admin');
      await page.getByText(t.roleChanged).waitFor();
      await page.screenshot({ path: '.data/e2e-shots/organization-members.png', fullPage: true });
      await page
        .locator('.org-members__member', { hasText: member.email })
        .getByRole('button', { name: t.removeAction })
        .click();
      await page.getByText(fmt(t.removed, { name })).waitFor();
      await expect.poll(() => page.locator(tile(t.figureMembers)).textContent()).toBe('1');

      // The organisation's orders: the owner sees the member's order.
      await page.goto('/mis-pedidos');
      await page.getByText(order.order_number).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    const members = (await membersOf(stack, owner, org)).body;
    expect(members.members.map((m) => m.email)).toEqual([owner.email]);
    expect(members.invitations.map((i) => [i.email, i.role])).toEqual([[invitee, 'admin']]);
  });

  it('a member opens it from Personal, sees no managing controls, and leaves', async () => {
    const { org } = await newOrganization(stack, 300);
    const member = await newConfirmedUser(stack, 'Saliente');
    await addMemberTo(stack, org, member);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    page.on('dialog', (dialog) => void dialog.accept());
    await journey(page, 'organization-member-leaves', async () => {
      await logInOnPage(page, member);
      await page.goto('/organization-dashboard');
      await page.getByText(t.dashboardPersonalIntro).waitFor();
      await page.getByRole('button', { name: fmt(t.workIn, { organization: org.name }) }).click();
      await page.getByRole('heading', { name: org.name, level: 1 }).waitFor();
      await expect
        .poll(() => page.locator(tile(t.figureCredits)).textContent())
        .toBe(formatCredits(300));
      await page.getByText(fmt(t.dashboardRole, { role: t.roles.member })).waitFor();
      expect(await page.locator('form.org-invite').count()).toBe(0);
      expect(await page.getByRole('button', { name: t.removeAction }).count()).toBe(0);
      await page.getByRole('button', { name: t.leaveAction }).click();
      await page.getByText(fmt(t.left, { organization: org.name })).waitFor();
      await page.getByText(t.dashboardPersonalIntro).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    expect((await contextsOf(stack, member)).map((c) => c.kind)).toEqual(['personal']);
  });
});
