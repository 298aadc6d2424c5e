import { defineConfig } from 'vitest/config';
import { routeManifest } from './web/vite.config.js';

/**
 * Four projects, run one at a time by `npm test`:
 * unit (pure rules, beside the code), infra (CDK template), integration (the local stack,
 * started in memory on free ports by test/support/stack.ts) and e2e (Playwright + Chromium).
 */
export default defineConfig({
  test: {
    // The integration and e2e files share one stack per run: run files one at a time.
    fileParallelism: false,
    projects: [
      {
        // The web API client (web/src/lib/api.ts) imports the route manifest Vite generates.
        plugins: [routeManifest()],
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'local/**/*.test.ts',
            'web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-stack.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-stack-with-web.ts'],
          // A page that re-fetches after a navigation can take more than expect.poll's default
          // second on a busy 2-core machine; the poll still ends as soon as the value is there.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
