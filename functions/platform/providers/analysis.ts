import { documentsEs } from '../../../shared/messages/documents.es.js';
import { fmt } from '../../../shared/messages/fmt.js';
import { currentDeadline, isDeadlineError } from '../deadline.js';
import { logger } from '../logger.js';
import { secret } from '../secret-values.js';
import { AnalysisError } from './analysis-error.js';

/**
 * The AI document-analysis port (customer-flows §2.5, §7.5). Two adapters:
 *  - the automation webhook of the spec, when the AI_ANALYSIS_WEBHOOK_URL secret is set: POST JSON
 *    {fileName, fileSize, fileType, documentUrl, country, countryCode}, answer read as markdown;
 *  - otherwise the built-in analyzer (local stack, tests, or no provider configured), which
 *    reads the file itself and reports pages, parties, RUTs, dates and amounts.
 * Either one fails with AnalysisError, whose message is Spanish and safe to show.
 */
export interface AnalysisInput {
  fileName: string;
  fileSize: number;
  /** The stored content type (application/pdf, application/msword, ...). */
  fileType: string;
  /** A short-lived presigned GET of the file, for a provider that fetches it itself. */
  documentUrl: string;
  /** Country name, e.g. 'Chile'. */
  country: string;
  /** ISO code, e.g. 'CL'. */
  countryCode: string;
  /** The file's bytes, read only by an adapter that needs them (the built-in one). */
  bytes: () => Promise<Uint8Array>;
}

export { AnalysisError };

export type Analyzer = (input: AnalysisInput) => Promise<string>;

/**
 * The longest the webhook may take. Inside an API request the request's deadline (1.5 s before
 * the Lambda timeout) stops it sooner: a call still waiting when Lambda ends would be a 5xx.
 */
export const WEBHOOK_TIMEOUT_MS = 25_000;
/** A provider's error text is shown to the user: keep it short. */
const MAX_ERROR_TEXT = 200;

/** Aborted at the webhook's own timeout or at the request's deadline, whichever comes first. */
function webhookSignal(timeoutMs: number): AbortSignal {
  const own = AbortSignal.timeout(timeoutMs);
  const deadline = currentDeadline()?.signal;
  return deadline ? AbortSignal.any([own, deadline]) : own;
}

export function webhookAnalyzer(url: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Analyzer {
  return async (input) => {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/markdown, text/plain, */*' },
        body: JSON.stringify({
          fileName: input.fileName,
          fileSize: input.fileSize,
          fileType: input.fileType,
          documentUrl: input.documentUrl,
          country: input.country,
          countryCode: input.countryCode,
        }),
        signal: webhookSignal(timeoutMs),
      });
    } catch (err) {
      const name = (err as { name?: string })?.name;
      logger.warn('analysis webhook unreachable', { error: name });
      throw new AnalysisError(
        name === 'TimeoutError' || name === 'AbortError' || isDeadlineError(err)
          ? documentsEs.analysisTimeout
          : documentsEs.analysisUnreachable,
      );
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new AnalysisError(documentsEs.analysisTimeout);
    }
    if (!res.ok) {
      logger.warn('analysis webhook failed', { status: res.status });
      throw new AnalysisError(
        fmt(documentsEs.analysisServer, {
          status: res.status,
          text: text.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_TEXT),
        }),
      );
    }
    return text;
  };
}

/**
 * The built-in analyzer, loaded on first use: its PDF/DOCX readers are a chunk of their own
 * (lib/handler-build.ts splits `import()`), so a deployment with the webhook never parses them
 * and the others read them once per container.
 */
export const builtinAnalyzer: Analyzer = async (input) =>
  (await import('./builtin-analysis.js')).builtinAnalysis(input);

/**
 * The adapter this environment uses: the webhook when its URL is configured (a secret: it
 * usually embeds the automation's key), else the built-in one. A configured value that is not
 * an https URL (http only for a local test server) is a deployment error, not a reason to fall
 * back silently.
 */
export async function analyzer(): Promise<Analyzer> {
  const url = await secret('AI_ANALYSIS_WEBHOOK_URL');
  if (!url) return builtinAnalyzer;
  if (!/^https?:\/\/\S+$/.test(url)) throw new Error('AI_ANALYSIS_WEBHOOK_URL is not a URL');
  return webhookAnalyzer(url);
}

/** Runs the configured analyzer. */
export const analyzeDocument: Analyzer = async (input) => (await analyzer())(input);
