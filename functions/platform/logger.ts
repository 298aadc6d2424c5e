import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';

/**
 * One structured JSON logger: one line per entry, with the fields CloudWatch Logs Insights
 * queries need (level, message, timestamp, service, cold_start, function_request_id,
 * xray_trace_id, the route) plus the entry's own keys. Never log personal data (RUT, e-mail,
 * phone) or tokens: log ids and codes instead.
 *
 * Why not Powertools Logger (which wrote these same fields before): the handlers use five of its
 * methods, and it cost every cold start 21 KB of code and ~3 ms, 8 % of a handler's init, which
 * kept the bundles from their init target (docs/performance.md).
 */

type Level = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
type Extra = Error | Record<string, unknown>;

const RANK: Record<Level, number> = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40, SILENT: 100 };

function levelOf(value: string | undefined): Level | undefined {
  const upper = value?.toUpperCase();
  return upper && upper in RANK ? (upper as Level) : undefined;
}

/** An Error as a plain object: its name, message, where it was thrown and its stack. */
export function formatError(err: Error): Record<string, unknown> {
  const frame = err.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  const location = frame ? /\(?([^()\s]+:\d+):\d+\)?$/.exec(frame.trim())?.[1] : undefined;
  return { name: err.name, location, message: err.message, stack: err.stack };
}

/** X-Ray's trace id (the `Root=` part of the variable Lambda sets per request). */
function traceId(): string | undefined {
  return /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1];
}

/** What one invocation's lines carry: its request id, cold start and the keys it added. */
interface Scope {
  context: Record<string, unknown>;
  keys: Record<string, unknown>;
}

/**
 * Per invocation, not per process: where one process serves requests and runs background work
 * side by side (the local stack's seal and mail consumers, a job), a line carries only the
 * keys of the invocation it belongs to, never those of the request that ran last.
 */
const scopes = new AsyncLocalStorage<Scope>();

export class JsonLogger {
  /** Lines written outside any invocation's scope (start-up, tests): nobody adds keys here. */
  private readonly outside: Scope = { context: {}, keys: {} };
  private coldStart = true;

  constructor(
    private readonly service: string,
    private readonly threshold: Level,
    private readonly write: (level: Level, line: string) => void = writeLine,
  ) {}

  /** Runs one invocation in a log scope of its own (addContext and appendKeys apply there). */
  withScope<T>(fn: () => T): T {
    return scopes.run({ context: {}, keys: {} }, fn);
  }

  private get scope(): Scope {
    return scopes.getStore() ?? this.outside;
  }

  /** Per invocation (the middy stack calls it): request id, and cold_start on the first one. */
  addContext(context: Context): void {
    this.scope.context = {
      cold_start: this.coldStart,
      function_name: context.functionName,
      function_request_id: context.awsRequestId,
    };
    this.coldStart = false;
  }

  /** Keys every later line of this invocation carries (the route id). */
  appendKeys(keys: Record<string, unknown>): void {
    Object.assign(this.scope.keys, keys);
  }

  debug(message: string, extra?: Extra): void {
    this.log('DEBUG', message, extra);
  }
  info(message: string, extra?: Extra): void {
    this.log('INFO', message, extra);
  }
  warn(message: string, extra?: Extra): void {
    this.log('WARN', message, extra);
  }
  error(message: string, extra?: Extra): void {
    this.log('ERROR', message, extra);
  }

  private log(level: Level, message: string, extra?: Extra): void {
    if (RANK[level] < RANK[this.threshold]) return;
    const own: Record<string, unknown> = {};
    if (extra instanceof Error) own.error = formatError(extra);
    else if (extra) {
      for (const [k, v] of Object.entries(extra)) own[k] = v instanceof Error ? formatError(v) : v;
    }
    const entry = {
      level,
      message,
      timestamp: new Date().toISOString(),
      service: this.service,
      ...this.scope.context,
      xray_trace_id: traceId(),
      ...this.scope.keys,
      ...own,
    };
    this.write(level, JSON.stringify(entry));
  }
}

/** Warnings and errors to stderr, the rest to stdout (both reach CloudWatch in Lambda). */
function writeLine(level: Level, line: string): void {
  (level === 'WARN' || level === 'ERROR' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Lambda's own log-level control (AWS_LAMBDA_LOG_LEVEL) wins over ours (LOG_LEVEL). */
export const logger = new JsonLogger(
  process.env.SERVICE_NAME ?? 'sello',
  levelOf(process.env.AWS_LAMBDA_LOG_LEVEL) ?? levelOf(process.env.LOG_LEVEL) ?? 'INFO',
);
