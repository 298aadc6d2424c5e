import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { headerValues, inlineScriptHashes, securityHeaders } from '../../lib/security-headers.js';
import { repoRoot } from '../../local/stack.js';
import { es, fmt } from '../../shared/messages.es.js';
import { journey, launchBrowser, newVisitor } from '../support/browser.js';
import { api, newConfirmedUser } from '../support/client.js';
import { contractPdf } from '../support/documents.js';
import { expectPdfPreview } from '../support/pdf-preview.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The SPA under the production security headers (lib/security-headers.ts, sent by the local
 * gateway as CloudFront sends them): the home page and the document preview load with no CSP
 * violation, and the inline theme script runs (allowed by its hash).
 */
const stack = inject('stack');
const call = api(stack);
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every CSP refusal the page meets: the DOM event and Chromium's console line. */
async function watchCsp(page: Page): Promise<string[]> {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => refused.push(text));
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolation(e.violatedDirective + ' ' + e.blockedURI));`,
  });
  return refused;
}

describe('the production security headers in the browser', () => {
  it('home: the shared headers, the theme script allowed by hash, no CSP violation', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      gatePassed: true,
      colorScheme: 'dark',
    });
    const refused = await watchCsp(page);
    await journey(page, 'csp-home', async () => {
      const res = await page.goto('/');
      const built = readFileSync(join(repoRoot, 'web', 'dist', 'index.html'), 'utf8');
      const expected = headerValues(
        securityHeaders({
          documentsOrigin: stack.endpoints.s3,
          scriptHashes: inlineScriptHashes(built),
        }),
      );
      const headers = res?.headers() ?? {};
      for (const [name, value] of Object.entries(expected)) expect(headers[name], name).toBe(value);
      // Three inline scripts, each allowed by its hash: the theme, the first-paint shell's boot
      // and the loader that adds the app's modules after the first paint.
      expect(inlineScriptHashes(built)).toHaveLength(3);

      await page.locator('main h1').first().waitFor();
      // The theme script ran before React: dark from the system preference.
      expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
      // The boot script ran too: it picked the home page's shell for a visitor with the code.
      expect(await page.evaluate('document.documentElement.dataset.shell')).toBe('home');
      await page.screenshot({ path: '.data/e2e-screens/csp-home.png', fullPage: true });
      expect(refused).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
    await context.close();
  });

  it('document preview: the PDF from the bucket drawn by pdf.js, no CSP violation', async () => {
    const user = await newConfirmedUser(stack, 'Vista');
    const pdf = await contractPdf();
    const created = await call<{
      document: { id: string };
      upload: { url: string; fields: Record<string, string> };
    }>('POST', '/api/documents', {
      token: user.accessToken,
      body: { file_name: 'contrato.pdf', content_type: 'application/pdf', size: pdf.length },
    });
    expect(created.status).toBe(201);
    const form = new FormData();
    for (const [k, v] of Object.entries(created.body.upload.fields)) form.append(k, v);
    form.append('file', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), 'contrato.pdf');
    expect((await fetch(created.body.upload.url, { method: 'POST', body: form })).ok).toBe(true);
    const documentId = created.body.document.id;
    expect(
      (await call('POST', `/api/documents/${documentId}/complete`, { token: user.accessToken }))
        .status,
    ).toBe(200);
    const request = await call<{ request: { id: string } }>('POST', '/api/requests', {
      token: user.accessToken,
      body: { country_id: 'cl', document_id: documentId },
    });
    expect(request.status).toBe(200);

    const { context, page, consoleErrors } = await newVisitor(browser, stack);
    const refused = await watchCsp(page);
    await journey(page, 'csp-preview', async () => {
      await page.goto('/');
      await page.evaluate("window.localStorage.setItem('maintenance_access', 'granted')");
      await logInOnPage(page, user);
      await page.goto(`/firmar-documento?request=${request.body.request.id}`);
      await page.getByRole('button', { name: es.wizard.previous }).click();
      // pdf.js (lazy chunk, its same-origin module worker under worker-src 'self', no eval)
      // fetches the file from the bucket's origin (connect-src) and draws both pages on canvases.
      await expectPdfPreview(page, 'contrato.pdf', 2);
      const link = page.getByRole('link', { name: es.wizard.openInNewTab });
      expect(new URL((await link.getAttribute('href')) ?? '').origin).toBe(stack.endpoints.s3);
      await page.screenshot({ path: '.data/e2e-screens/csp-preview.png', fullPage: true });
      // The preview box itself: the pages as drawn.
      await page
        .getByRole('region', { name: fmt(es.wizard.previewTitle, { name: 'contrato.pdf' }) })
        .screenshot({ path: '.data/e2e-screens/csp-preview-pages.png' });
      expect(refused).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
    await context.close();
  });
});
