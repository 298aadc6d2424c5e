import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { es, fmt } from '../../../shared/messages.es.js';
import { resetConfigCache } from '../config.js';
import { deadlineFor, withDeadline } from '../deadline.js';
import { type AnalysisInput, analyzer, builtinAnalyzer, webhookAnalyzer } from './analysis.js';
import { AnalysisError } from './analysis-error.js';
import { builtinAnalysis } from './builtin-analysis.js';

/** A stand-in for the automation webhook on 127.0.0.1, scripted per test. */
let server: Server;
let url: string;
let respond: (
  req: IncomingMessage,
  body: string,
) => { status: number; text: string; delayMs?: number };
const received: { method?: string; contentType?: string; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({
        method: req.method,
        contentType: req.headers['content-type'],
        body: JSON.parse(body),
      });
      const { status, text, delayMs } = respond(req, body);
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(text);
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/analisis`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

afterEach(() => {
  received.length = 0;
  delete process.env.AI_ANALYSIS_WEBHOOK_URL;
  resetConfigCache();
});

const input: AnalysisInput = {
  fileName: 'contrato.pdf',
  fileSize: 1234,
  fileType: 'application/pdf',
  documentUrl: 'https://bucket.example/contrato.pdf?X-Amz-Signature=abc',
  country: 'Chile',
  countryCode: 'CL',
  bytes: async () => {
    throw new Error('the webhook adapter must not read the file');
  },
};

describe('webhook analyzer', () => {
  it('posts exactly the spec fields as JSON and returns the answer as markdown text', async () => {
    respond = () => ({ status: 200, text: '# Informe\n\n- Partes: 2' });
    expect(await webhookAnalyzer(url)(input)).toBe('# Informe\n\n- Partes: 2');
    expect(received).toEqual([
      {
        method: 'POST',
        contentType: 'application/json',
        body: {
          fileName: 'contrato.pdf',
          fileSize: 1234,
          fileType: 'application/pdf',
          documentUrl: 'https://bucket.example/contrato.pdf?X-Amz-Signature=abc',
          country: 'Chile',
          countryCode: 'CL',
        },
      },
    ]);
  });

  it("turns a non-OK answer into 'Error del servidor: {status} {text}'", async () => {
    respond = () => ({ status: 500, text: 'Workflow   falló\n' });
    await expect(webhookAnalyzer(url)(input)).rejects.toEqual(
      new AnalysisError(fmt(es.documents.analysisServer, { status: 500, text: 'Workflow falló' })),
    );
  });

  it('cuts a long error text', async () => {
    respond = () => ({ status: 502, text: 'x'.repeat(5000) });
    const err = (await webhookAnalyzer(url)(input).catch((e) => e)) as AnalysisError;
    expect(err.message).toBe(`Error del servidor: 502 ${'x'.repeat(200)}`);
  });

  it('gives up after its timeout', async () => {
    respond = () => ({ status: 200, text: 'tarde', delayMs: 1000 });
    await expect(webhookAnalyzer(url, 100)(input)).rejects.toEqual(
      new AnalysisError(es.documents.analysisTimeout),
    );
  });

  it("stops at the request's deadline, well before its own timeout (no call outlives Lambda)", async () => {
    respond = () => ({ status: 200, text: 'tarde', delayMs: 3000 });
    // A request with 1.8 s left: the deadline falls 1.5 s before, 0.3 s from now.
    const deadline = deadlineFor({ getRemainingTimeInMillis: () => 1_800 });
    const started = Date.now();
    const outcome = await withDeadline(deadline, () =>
      webhookAnalyzer(url)(input).catch((e: unknown) => e),
    );
    deadline.dispose();
    expect(outcome).toEqual(new AnalysisError(es.documents.analysisTimeout));
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('says so when the provider cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(webhookAnalyzer(`http://127.0.0.1:${port}/`)(input)).rejects.toEqual(
      new AnalysisError(es.documents.analysisUnreachable),
    );
  });
});

describe('analyzer choice', () => {
  it('uses the webhook when AI_ANALYSIS_WEBHOOK_URL is set, the built-in one otherwise', async () => {
    expect(await analyzer()).toBe(builtinAnalyzer);
    process.env.AI_ANALYSIS_WEBHOOK_URL = '';
    expect(await analyzer()).toBe(builtinAnalyzer);
    process.env.AI_ANALYSIS_WEBHOOK_URL = 'none';
    expect(await analyzer()).toBe(builtinAnalyzer);
    process.env.AI_ANALYSIS_WEBHOOK_URL = url;
    respond = () => ({ status: 200, text: 'desde el webhook' });
    expect(await (await analyzer())(input)).toBe('desde el webhook');
  });

  it('loads the built-in analyzer on first use and answers as it does', async () => {
    const doc = { ...input, fileName: 'nota.doc', fileType: 'application/msword' };
    const bytes = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]);
    const withBytes = { ...doc, bytes: async () => bytes };
    expect(await builtinAnalyzer(withBytes)).toBe(await builtinAnalysis(withBytes));
  });
});
