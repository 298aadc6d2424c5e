// Global styles first, so component styles (imported by the modules below) come after them.
import './styles/theme.css';
import './styles/base.css';
import { startShell } from './lib/firstPaintShell';

/**
 * Start-up in parts, each in a task of its own, so the browser can paint and answer input
 * between them: evaluating React, then the app's modules, then building the router, then the
 * first render. Imported statically, all of it ran as one module-graph evaluation, the longest
 * task of a first visit (~80 ms on a desktop, four times that on a mid-range phone). The
 * first-paint shell is what the visitor sees meanwhile.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * How long the first render waits for the first screen's data (app/firstScreenData.ts). The
 * shell shows meanwhile; a slower answer lands later, through the screen's own queries.
 */
const FIRST_DATA_WAIT_MS = 1_000;

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  startShell();
  // Each import() runs its chunk's code as soon as the chunk is there, so each is called only
  // when the previous part is done. The downloads still overlap: index.html preloads all of
  // these chunks as the shell is painted (web/vite-prerender.ts, bootChunks).
  const [{ createRoot }, { StrictMode, startTransition, createElement }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
  ]);
  await nextTask();
  await import('./vendorStage');
  await nextTask();
  const [{ queryClient }, { prefetchFirstScreen }] = await Promise.all([
    import('./app/queryClient'),
    import('./app/firstScreenData'),
  ]);
  // Core's evaluation and the first requests (the query cache's first use) are each ~30-45 ms
  // on the preset's phone: together they were one task over the 50 ms line.
  await nextTask();
  const firstData = prefetchFirstScreen(queryClient, document.documentElement.dataset.shell);
  await nextTask();
  const [{ createAppRouter, warmRouter }, { App }] = await Promise.all([
    import('./app/router'),
    import('./app/App'),
  ]);
  // Likewise the route modules' evaluation, the first route match with the first
  // sessionStorage read (app/router.tsx, warmRouter), and the router's creation (history, ~50
  // routes ranked and matched again): traced at 15-90 ms in one task before this split, the
  // longest of the start-up.
  await nextTask();
  warmRouter();
  await nextTask();
  const router = createAppRouter();
  await Promise.race([
    firstData.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
  ]);
  await nextTask();
  // A transition: the first render yields to the browser every few milliseconds instead of
  // holding the main thread for one long task.
  startTransition(() => {
    createRoot(container).render(createElement(StrictMode, null, createElement(App, { router })));
  });
}

void start();
