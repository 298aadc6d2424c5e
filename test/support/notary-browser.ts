import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { logInOnPage } from './web-journey.js';

/**
 * A notary's member signs in and works in its notary: /mis-pedidos asks an organisation's member
 * whether to go to its panel (stay), then the header's switcher moves to the notary.
 */
export async function enterNotary(
  page: Page,
  user: { email: string; password: string },
  orgName: string,
) {
  await logInOnPage(page, user);
  await page.waitForURL((url) => url.pathname === '/mis-pedidos');
  await page
    .getByRole('dialog', { name: es.organizations.ordersPromptTitle })
    .getByRole('button', { name: es.organizations.ordersPromptStay })
    .click();
  await switchContextTo(page, orgName);
}

/** The header's context switcher moved to the context named `name`. */
export async function switchContextTo(page: Page, name: string) {
  const switcher = page.locator('.context-switcher__button');
  await switcher.click();
  await page
    .getByRole('region', { name: es.organizations.switcherLabel })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect.poll(() => switcher.getAttribute('aria-label')).toContain(name);
}
