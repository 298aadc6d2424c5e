import type { QueryClient } from '@tanstack/react-query';
import { catalogQuery, creditServicesQuery } from '../features/wizard/queries';
import { prefetchCountry } from '../lib/country/CountryProvider';
import { earlyCallSettled, ORDERS_CALL_KEY, takeEarlyAnswer } from '../lib/earlyAnswer';
import { SHELL_PAGES, shellPage } from '../lib/firstPaintShell';
import { ordersQueryKey } from '../lib/queryKeys';

/**
 * OrdersPage's list query with no filter in the address: its key, as the page builds it (q and
 * period undefined, page 1, orderRules' DEFAULT_PAGE_SIZE; a unit test holds them together).
 */
export const ORDERS_FIRST_PAGE_KEY = [...ordersQueryKey, 'list', { page: 1, size: 10 }] as const;

/**
 * The data a first-paint view shows (lib/firstPaintShell.ts), fetched into the query cache
 * while the app starts, so its first render already has it. Rendered before the answers, a
 * screen renders again as each lands, and those renders are synchronous (the query cache is
 * an external store): on a slow phone each was a long task. `view` is the shell's view
 * (`<html data-shell>`); the gate and paths without a shell fetch nothing here. Errors are the
 * screens' own to show: their queries ask again when they mount.
 *
 * The signer's page and /mis-pedidos had their first call started by index.html's boot script
 * (lib/earlyAnswer.ts): the signer's is awaited here and taken by the page itself; the orders'
 * answer is put into the cache under the page's key.
 */
export async function prefetchFirstScreen(client: QueryClient, view?: string): Promise<void> {
  if (view === 'signer') return earlyCallSettled();
  const page = shellPage(view);
  if (page === SHELL_PAGES['/mis-pedidos']) {
    await Promise.all([prefetchCountry(client), seedOrders(client)]);
    return;
  }
  const wizard = page === SHELL_PAGES['/firmar-documento'];
  if (!wizard && page !== SHELL_PAGES['/']) return;
  const country = await prefetchCountry(client);
  if (wizard && country) {
    await Promise.all([
      client.prefetchQuery(catalogQuery(country.id)),
      client.prefetchQuery(creditServicesQuery(country.id)),
    ]);
  }
}

async function seedOrders(client: QueryClient): Promise<void> {
  const answer = await takeEarlyAnswer(ORDERS_CALL_KEY);
  if (answer?.status !== 200) return;
  try {
    client.setQueryData(ORDERS_FIRST_PAGE_KEY, JSON.parse(answer.text));
  } catch {
    // A cut body: the page asks itself.
  }
}
