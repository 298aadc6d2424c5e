import type { IncomingMessage, ServerResponse } from 'node:http';
import { type JobSpec, jobs } from '../shared/contract/jobs.js';
import { nextSantiagoTime } from '../shared/rules/santiago-time.js';
import { type FunctionLoader, loadFromSource } from './handlers.js';

type JobHandler = (event: { time?: string }) => Promise<unknown>;

/** Runs one job in this process, as EventBridge would: an event whose `time` is "now". */
export async function runJob(
  name: string,
  time = new Date().toISOString(),
  load: FunctionLoader = loadFromSource,
): Promise<unknown> {
  const spec = jobs.find((j) => j.name === name);
  if (!spec) throw new Error(`unknown job ${name}; known: ${jobs.map((j) => j.name).join(', ')}`);
  const handler = await load<JobHandler>(spec.handler);
  return handler({ time });
}

/**
 * The dev stack's stand-in for the EventBridge rules and schedules: every job on its own timer
 * (every N minutes, or daily at its Santiago wall time). Runs never overlap per job (a slow run
 * makes the next one wait), and a failure is logged, not fatal.
 */
export function startJobTimers(
  specs: readonly JobSpec[] = jobs,
  log: (line: string) => void = console.error,
): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;
  for (const spec of specs) {
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      runJob(spec.name)
        .catch((err: unknown) => log(`[job ${spec.name}] ${(err as Error).message}`))
        .finally(() => {
          running = false;
        });
    };
    if (spec.everyMinutes !== undefined) {
      timers.add(setInterval(run, spec.everyMinutes * 60_000));
      continue;
    }
    const { hour, minute } = spec.santiagoTime;
    const arm = () => {
      if (stopped) return;
      const wait = nextSantiagoTime(new Date(), hour, minute).getTime() - Date.now();
      const t = setTimeout(() => {
        timers.delete(t);
        run();
        arm();
      }, wait);
      timers.add(t);
    };
    arm();
  }
  return () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
  };
}

/**
 * POST /_local/jobs/{name} on the local gateway (never in AWS): `npm run job -- <name>` and the
 * tests run a job through it. Body (optional): {"time": ISO date} to run it "at" that moment.
 */
export async function handleJobDoor(
  res: ServerResponse,
  name: string,
  body: Buffer,
  load: FunctionLoader = loadFromSource,
): Promise<void> {
  let time: string | undefined;
  try {
    const parsed = body.length ? (JSON.parse(body.toString('utf8')) as { time?: unknown }) : {};
    if (typeof parsed.time === 'string' && !Number.isNaN(Date.parse(parsed.time)))
      time = parsed.time;
  } catch {
    // no body: now
  }
  const send = (status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  if (!jobs.some((j) => j.name === name)) return send(404, { message: `unknown job ${name}` });
  try {
    send(200, { job: name, result: await runJob(name, time, load) });
  } catch (err) {
    send(500, { job: name, error: (err as Error).message });
  }
}

export type { IncomingMessage };
