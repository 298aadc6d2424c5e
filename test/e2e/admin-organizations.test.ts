import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { asAdmin } from '../support/admin.js';
import {
  DESKTOP,
  journey,
  launchBrowser,
  newVisitor,
  PHONE,
  seriousA11yViolations,
} from '../support/browser.js';
import { newConfirmedUser, type TestUser, uniqueEmail } from '../support/client.js';
import { addMemberTo, createOrganization } from '../support/organizations.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The admin's organisations (credits-signing-admin §2 screen 17, §5, §8, §9; issue 22) as the
 * platform admin uses them: create a notary (the form's rules first), find it, edit it, invite
 * its owner on its members screen, and deactivate it; remove a member but never the last
 * owner; and a customer who opens the address sees no admin screen.
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

function demoAdmin() {
  const admin = stack.demoAccounts.find((a) => a.key === 'admin');
  if (!admin) throw new Error('no demo admin');
  return admin;
}

/** Every console error of the page (a failed request shows as one too). */
function consoleErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

/** A full-page screenshot from the top (scrolled, the sticky header lands mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `.data/e2e-shots/${name}.png`, fullPage: true });
}

const tile = (label: string) =>
  `.stat-tile:has(.stat-tile__label:text-is("${label}")) .stat-tile__value`;

describe('the admin organisations screens', () => {
  it('creates a notary, finds it, edits it, invites its owner and deactivates it', async () => {
    const admin = demoAdmin();
    const tag = randomUUID().slice(0, 8);
    const name = `Notaría Prueba ${tag}`;
    const renamed = `${name} Providencia`;
    const email = `contacto-${tag}@example.com`;
    const ownerEmail = uniqueEmail('notario');

    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    const logged = consoleErrorsOf(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    let id = '';
    await journey(page, 'admin-organizations', async () => {
      await logInOnPage(page, admin);
      await page.goto('/admin/organizations');
      await page.getByRole('heading', { name: es.nav.organizations, level: 1 }).waitFor();
      await expect.poll(() => page.locator(tile(t.totalAll)).textContent()).toMatch(/^\d/);
      const before = Number(await page.locator(tile(t.totalNotaries)).textContent());

      // 'Nueva organización': 'Crear' waits for a name; the e-mail is checked by the schema.
      await page.getByRole('button', { name: t.newOrganization }).click();
      const modal = page.getByRole('dialog', { name: t.newOrganization });
      const create = modal.getByRole('button', { name: t.adminCreateSubmit, exact: true });
      expect(await create.isDisabled()).toBe(true);
      await modal.getByLabel(t.nameLabel).fill('   ');
      expect(await create.isDisabled()).toBe(true);
      await modal.getByLabel(t.nameLabel).fill(name);
      expect(await create.isDisabled()).toBe(false);
      await modal.getByLabel(t.typeLabel).selectOption('notary');
      await modal.getByLabel(t.emailLabel).fill('no-es-correo');
      await create.click();
      await modal.getByText(t.emailInvalid).waitFor();
      await shot(page, 'admin-organization-form');
      await modal.getByLabel(t.emailLabel).fill(email);
      await modal.getByLabel(t.phoneLabel).fill('+56 2 2345 6789');
      await create.click();
      await page.getByText(t.created).waitFor();
      await modal.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.locator(tile(t.totalNotaries)).textContent())
        .toBe(String(before + 1));

      // Found by a search (kept in the address), then by the type filter.
      await page.getByLabel(t.searchLabel).fill(tag);
      await page.waitForURL((url) => url.searchParams.get('q') === tag);
      await expect.poll(() => page.locator('.admin-org-card').count()).toBe(1);
      const card = page.locator('.admin-org-card', { hasText: name });
      await card.getByText(t.types.notary, { exact: true }).waitFor();
      await card.getByText(`${email} · +56 2 2345 6789`).waitFor();
      await card.getByText(t.noMembers).waitFor();
      const membersHref = await card
        .getByRole('link', { name: t.membersAction })
        .getAttribute('href');
      id = membersHref?.match(/^\/admin\/organization\/([^/]+)\/members$/)?.[1] ?? '';
      expect(id).not.toBe('');
      expect(await card.getByRole('link', { name: t.notarySettings }).getAttribute('href')).toBe(
        `/admin/notary/${id}/settings`,
      );
      expect(await card.getByRole('link', { name: t.billingAction }).getAttribute('href')).toBe(
        `/billing?organization=${id}`,
      );
      expect(await card.getByRole('link', { name: t.analyticsAction }).getAttribute('href')).toBe(
        `/analytics?organization=${id}`,
      );
      await page.getByLabel(t.typeFilterLabel).selectOption('company');
      await page.getByText(t.listEmptyFiltered).waitFor();
      expect(new URL(page.url()).searchParams.get('type')).toBe('company');
      await page.getByLabel(t.typeFilterLabel).selectOption('notary');
      await card.waitFor();

      // 'Editar': the name is required, then saved.
      await card.getByRole('button', { name: t.editAction }).click();
      const edit = page.getByRole('dialog', { name: t.editTitle });
      expect(await edit.getByLabel(t.nameLabel).inputValue()).toBe(name);
      expect(await edit.getByLabel(t.emailLabel).inputValue()).toBe(email);
      await edit.getByLabel(t.nameLabel).fill('');
      await edit.getByRole('button', { name: t.saveAction }).click();
      await edit.getByText(t.nameRequired).waitFor();
      await edit.getByLabel(t.nameLabel).fill(renamed);
      await edit.getByRole('button', { name: t.saveAction }).click();
      await page.getByText(t.updated).waitFor();
      await page.getByRole('heading', { name: renamed, level: 2 }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'admin-organizations');

      // 'Miembros': invite the owner (any role for the admin), see the pending invitation.
      await page
        .locator('.admin-org-card', { hasText: renamed })
        .getByRole('link', { name: t.membersAction })
        .click();
      await page.waitForURL(`**/admin/organization/${id}/members`);
      await page.getByRole('heading', { name: renamed, level: 1 }).waitFor();
      const invite = page.locator('form.org-invite');
      await invite.getByLabel(t.inviteEmailLabel).fill(ownerEmail);
      await invite.getByLabel(t.roleLabel).selectOption('owner');
      await invite.getByRole('button', { name: t.inviteAction }).click();
      await page.getByText(fmt(t.invited, { email: ownerEmail })).waitFor();
      const pending = page.locator('.org-members__invitation', { hasText: ownerEmail });
      await pending.getByText(t.roles.owner).waitFor();
      expect(await page.getByRole('button', { name: t.leaveAction }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'admin-organization-members');

      // Back to the list as it was, and 'Eliminar' after the confirmation: 'Inactiva'.
      await page.getByRole('link', { name: t.backToOrganizations }).click();
      await page.waitForURL((url) => url.pathname === '/admin/organizations');
      expect(new URL(page.url()).searchParams.get('q')).toBe(tag);
      const again = page.locator('.admin-org-card', { hasText: renamed });
      await again.getByRole('button', { name: t.deleteAction }).click();
      await page.getByText(t.deactivated).waitFor();
      await again.getByText(t.inactive, { exact: true }).waitFor();
      expect(dialogs).toEqual([t.deleteConfirm]);
      expect(await again.getByRole('button', { name: t.deleteAction }).isDisabled()).toBe(true);

      // The same screens on a phone.
      await page.setViewportSize(PHONE);
      await shot(page, 'admin-organizations-phone');
      await again.getByRole('link', { name: t.membersAction }).click();
      await page.getByText(t.inactiveNoInvites).waitFor();
      await shot(page, 'admin-organization-members-phone');
    });
    expect(consoleErrors).toEqual([]);
    expect(logged).toEqual([]);
    await context.close();

    const adminApi = await asAdmin(stack);
    const listed = (await adminApi.list({ q: tag })).body.organizations;
    expect(listed.map((o) => [o.id, o.name, o.type, o.email, o.is_active])).toEqual([
      [id, renamed, 'notary', email, false],
    ]);
    const members = (await adminApi.members(id)).body;
    expect(members.members).toEqual([]);
    expect(members.invitations.map((i) => [i.email, i.role])).toEqual([[ownerEmail, 'owner']]);
  });

  it('shows five member chips then +N más, removes a member, but never the last owner', async () => {
    const tag = randomUUID().slice(0, 8);
    const owner = await newConfirmedUser(stack, 'Duena');
    const created = await createOrganization(stack, owner, { name: `Constructora ${tag}` });
    expect(created.status).toBe(200);
    const org = created.body.organization;
    const others = await Promise.all(
      ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Felipe'].map((n) => newConfirmedUser(stack, n)),
    );
    for (const [i, user] of others.entries()) {
      await addMemberTo(stack, org, user, i === 0 ? 'admin' : 'member');
    }
    const member = others[0] as TestUser;

    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    const logged = consoleErrorsOf(page);
    page.on('dialog', (dialog) => void dialog.accept());
    await journey(page, 'admin-organization-members', async () => {
      await logInOnPage(page, demoAdmin());
      // The card: seven members, five chips (owners first), then '+2 más'.
      await page.goto(`/admin/organizations?q=${tag}`);
      const card = page.locator('.admin-org-card', { hasText: org.name });
      await card.getByText(fmt(t.moreMembers, { n: 2 })).waitFor();
      const chips = card.locator('.member-chip:not(.member-chip--more)');
      expect(await chips.count()).toBe(5);
      expect(await chips.first().textContent()).toBe(`${owner.firstName} Test${t.roles.owner}`);
      expect(await card.getByRole('link', { name: t.notarySettings }).count()).toBe(0);
      await card.getByText(t.types.company, { exact: true }).waitFor();
      await shot(page, 'admin-organizations-chips');

      // Opened by its address (nothing cached): the name comes from the whole list.
      await page.goto(`/admin/organization/${org.id}/members`);
      await page.getByRole('heading', { name: org.name, level: 1 }).waitFor();
      const row = (email: string) => page.locator('.org-members__member', { hasText: email });
      await row(member.email).getByText(t.roles.admin, { exact: true }).waitFor();
      // The admin changes no role: badges, no selects.
      expect(await page.locator('.org-members__member select').count()).toBe(0);

      await row(member.email).getByRole('button', { name: t.removeAction }).click();
      await page.getByText(fmt(t.removed, { name: `${member.firstName} Test` })).waitFor();
      await row(member.email).waitFor({ state: 'detached' });

      await row(owner.email).getByRole('button', { name: t.removeAction }).click();
      await page.getByText(t.lastOwnerCannotBeRemoved).waitFor();
      await row(owner.email).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    // The refused removal is the only failed request.
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('422');
    await context.close();
    const members = (await (await asAdmin(stack)).members(org.id)).body.members;
    expect(members.map((m) => m.email).sort()).toEqual(
      [owner, ...others.slice(1)].map((u) => u.email).sort(),
    );
  });

  it('a customer who opens the address sees no admin screen', async () => {
    const customer = await newConfirmedUser(stack, 'Curiosa');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    const adminCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/admin/')) adminCalls.push(req.url());
    });
    await journey(page, 'admin-organizations-customer', async () => {
      await logInOnPage(page, customer);
      for (const address of ['/admin/organizations', '/admin/organization/org_x/members']) {
        await page.goto(address);
        await page.getByRole('heading', { name: es.pages.forbiddenTitle, level: 1 }).waitFor();
        await page.getByText(es.api.forbidden).waitFor();
        expect(await page.getByRole('button', { name: t.newOrganization }).count()).toBe(0);
        expect(await page.locator('form.org-invite').count()).toBe(0);
      }
    });
    expect(adminCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
