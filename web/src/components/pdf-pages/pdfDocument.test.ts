import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPdfBytes } from './pdfDocument';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the PDF’s bytes', () => {
  it('are fetched without cookies, cache or referrer', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70])));
    vi.stubGlobal('fetch', fetch);
    const signal = new AbortController().signal;
    const bytes = await fetchPdfBytes(
      'https://docs.example/contrato.pdf?X-Amz-Signature=x',
      signal,
    );
    expect([...bytes]).toEqual([37, 80, 68, 70]);
    expect(fetch).toHaveBeenCalledWith('https://docs.example/contrato.pdf?X-Amz-Signature=x', {
      signal,
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  });

  it('fail on an answer that is not 2xx (an expired link)', async () => {
    vi.stubGlobal('fetch', async () => new Response('<Error/>', { status: 403 }));
    await expect(
      fetchPdfBytes('https://docs.example/contrato.pdf', new AbortController().signal),
    ).rejects.toThrow('document fetch 403');
  });
});
