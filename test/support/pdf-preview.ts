import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';

/**
 * The wizard's PDF preview (web/src/features/wizard/pdf-preview) as a customer sees it: a
 * region named after the file holding one canvas per page, named "Página n de N", each really
 * drawn (dark pixels of the text on the white page). There is no frame any more.
 */
export async function expectPdfPreview(page: Page, fileName: string, pages: number) {
  const region = page.getByRole('region', {
    name: fmt(es.wizard.previewTitle, { name: fileName }),
  });
  await region.waitFor();
  const canvases = region.getByRole('img');
  await expect.poll(() => canvases.count(), { timeout: 20_000 }).toBe(pages);
  for (let i = 1; i <= pages; i++) {
    const canvas = region.getByRole('img', {
      name: fmt(es.wizard.previewPage, { page: i, total: pages }),
      exact: true,
    });
    // Pages are drawn as they scroll into view.
    await canvas.scrollIntoViewIfNeeded();
    await expect
      .poll(() => canvas.evaluate(darkPixels as never) as Promise<number>, { timeout: 20_000 })
      .toBeGreaterThan(50);
  }
  expect(await page.locator('iframe').count()).toBe(0);
}

/** The part of a canvas `darkPixels` reads (the root tsconfig has no DOM types). */
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  } | null;
}

/**
 * How many pixels of the canvas are dark (text), i.e. that pdf.js drew the page. Runs in the
 * page (Playwright sends its source): self-contained.
 */
function darkPixels(canvas: CanvasLike): number {
  if (canvas.width === 0 || canvas.height === 0) return 0;
  const ctx = canvas.getContext('2d');
  if (!ctx) return 0;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let dark = 0;
  for (let p = 0; p + 3 < data.length; p += 4) {
    const [r = 0, g = 0, b = 0, a = 0] = data.subarray(p, p + 4);
    if (a > 200 && r + g + b < 300) dark++;
  }
  return dark;
}
