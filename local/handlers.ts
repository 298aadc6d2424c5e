import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildHandler } from '../lib/handler-build.js';

/** Loads `functions/<handler>.ts`'s `handler` export, once per process as Lambda does. */
export type FunctionLoader = <T = unknown>(handler: string) => Promise<T>;

function cached(load: (handler: string) => Promise<unknown>): FunctionLoader {
  const modules = new Map<string, Promise<unknown>>();
  return <T>(handler: string) => {
    let p = modules.get(handler);
    if (!p) {
      p = load(handler);
      modules.set(handler, p);
      // A failed load is retried by the next request instead of being remembered.
      p.catch(() => modules.delete(handler));
    }
    return p as Promise<T>;
  };
}

/** The TypeScript sources themselves (npm start, the integration tests): fast to start. */
export const loadFromSource: FunctionLoader = cached(async (handler) => {
  const url = new URL(`../functions/${handler}.ts`, import.meta.url).href;
  return ((await import(url)) as { handler: unknown }).handler;
});

/**
 * The bundles CDK deploys (lib/handler-build.ts: minified, code-split, the pure-contract
 * plugin), built into `outRoot` on first use and imported from there. The e2e stack runs on
 * these, so what the browser journeys prove is the code that ships, not only its sources.
 */
export function bundledLoader(
  outRoot: string,
): FunctionLoader & { prebuild(all: string[]): Promise<void> } {
  const builds = new Map<string, Promise<string>>();
  const build = (handler: string): Promise<string> => {
    let p = builds.get(handler);
    if (!p) {
      const outdir = join(outRoot, handler.replaceAll('/', '__'));
      const entry = new URL(`../functions/${handler}.ts`, import.meta.url).pathname;
      p = buildHandler(entry, outdir).then(() => join(outdir, 'index.mjs'));
      builds.set(handler, p);
      p.catch(() => builds.delete(handler));
    }
    return p;
  };
  const load = cached(async (handler) => {
    const file = await build(handler);
    return ((await import(pathToFileURL(file).href)) as { handler: unknown }).handler;
  });
  return Object.assign(load, {
    /**
     * Builds every handler now, all at once (esbuild spreads them over the cores). A failed
     * build fails the stack's start with esbuild's message.
     */
    async prebuild(all: string[]) {
      // Routes of later issues may name a handler not written yet: nothing to build.
      const written = all.filter((h) =>
        existsSync(new URL(`../functions/${h}.ts`, import.meta.url)),
      );
      await Promise.all(written.map(build));
    },
  });
}
