import type { QueryClient } from '@tanstack/react-query';
import { catalogQuery, creditServicesQuery } from '../features/wizard/queries';
import { prefetchCountry } from '../lib/country/CountryProvider';
import { SHELL_PAGES, shellPage } from '../lib/firstPaintShell';

/**
 * The data a first-paint view shows (lib/firstPaintShell.ts), fetched into the query cache
 * while the app starts, so its first render already has it. Rendered before the answers, a
 * screen renders again as each lands, and those renders are synchronous (the query cache is
 * an external store): on a slow phone each was a long task. `view` is the shell's view
 * (`<html data-shell>`); the gate and paths without a shell fetch nothing here. Errors are the
 * screens' own to show: their queries ask again when they mount.
 */
export async function prefetchFirstScreen(client: QueryClient, view?: string): Promise<void> {
  const page = shellPage(view);
  const wizard = page === SHELL_PAGES['/firmar-documento'];
  if (!wizard && page !== SHELL_PAGES['/']) return;
  const country = await prefetchCountry(client);
  if (wizard && country) {
    await Promise.all([
      client.prefetchQuery(catalogQuery(country.id)),
      client.prefetchQuery(creditServicesQuery),
    ]);
  }
}
