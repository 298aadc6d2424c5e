import { createServer, type Plugin, type PluginOption, type Rollup } from 'vite';

/** What web/src/prerender/shells.tsx exports. */
interface ShellModule {
  renderShellMarkup(): string;
  bootScript(): string;
  /** The promise on `window` of a first screen the boot script is drawing (earlyScreen.ts). */
  EARLY_SCREEN_GLOBAL: string;
}

const SHELL_MODULE = '/src/prerender/shells.tsx';

/**
 * Writes the first-paint shell into the built index.html (see web/src/lib/firstPaintShell.ts):
 * the boot script at the end of <head>, the shell's markup right before #root. The markup comes
 * from the app's own components, rendered in Node through a throwaway Vite server in middleware
 * mode (no port) with the app's plugins, so TSX, CSS imports and virtual modules resolve as in
 * the browser build. Only `vite build` runs it; the dev server serves the page without a shell.
 */
export function prerenderShell(webRoot: string, plugins: () => PluginOption[]): Plugin {
  return {
    name: 'sello-prerender-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const server = await createServer({
          configFile: false,
          root: webRoot,
          plugins: plugins(),
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        });
        try {
          const shells = (await server.ssrLoadModule(SHELL_MODULE)) as ShellModule;
          const markup = shells.renderShellMarkup();
          const bootScript = `<script>${shells.bootScript()}</script>`;
          if (!html.includes('</head>') || !html.includes('<div id="root">')) {
            throw new Error('index.html lacks </head> or <div id="root">');
          }
          const boot = ctx.chunk && ctx.bundle ? bootChunks(ctx.chunk, ctx.bundle) : [];
          const pages = ctx.bundle ? pageChunks(ctx.bundle, boot) : {};
          const { html: withoutModules, loader } = deferModules(
            html,
            boot,
            pages,
            shells.EARLY_SCREEN_GLOBAL,
          );
          return withoutModules
            .replace('</head>', `  ${bootScript}\n  </head>`)
            .replace('<div id="root">', `${markup}\n    <div id="root">`)
            .replace('</body>', `  <script>${loader}</script>\n  </body>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * The chunks the start-up needs (web/src/main.tsx): what the entry imports, statically or with
 * the import() of its stages, and all that those import statically. main.tsx imports its
 * stages one after the other so each is evaluated in a task of its own; preloaded together,
 * their downloads still overlap. Pages (lazy routes) are not among them.
 */
export function bootChunks(entry: Rollup.OutputChunk, bundle: Rollup.OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    for (const dep of chunk.imports) visit(dep);
  };
  for (const fileName of [...entry.imports, ...entry.dynamicImports]) visit(fileName);
  return [...seen].map((fileName) => `/${fileName}`);
}

/**
 * The page module each shell view stands for (web/src/lib/firstPaintShell.ts): its lazy
 * route's chunk is preloaded with the start-up's, instead of being asked for only when the
 * router first renders the page, a round trip after all of the app's code has run. The
 * signed-in page needs no auth library while its stored token is fresh (lib/session/storedTokens.ts).
 */
const VIEW_PAGES: Record<string, string[]> = {
  home: ['/web/src/features/home/HomePage.tsx'],
  wizard: ['/web/src/features/wizard/WizardPage.tsx'],
  'wizard-resume': ['/web/src/features/wizard/WizardPage.tsx'],
  orders: ['/web/src/features/orders/OrdersPage.tsx'],
  signer: ['/web/src/features/signing/SigningPage.tsx'],
  verify: ['/web/src/features/verify/VerifyPage.tsx'],
  'verify-code': ['/web/src/features/verify/VerifyPage.tsx'],
  delivery: ['/web/src/features/verify/DeliveryPage.tsx'],
};

/** Per shell view, the chunks of its page (and what they import statically) not among `boot`. */
export function pageChunks(bundle: Rollup.OutputBundle, boot: string[]): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const withImports = (fileName: string, seen: Set<string>) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    for (const dep of chunk.imports) withImports(dep, seen);
  };
  const out: Record<string, string[]> = {};
  for (const [view, modules] of Object.entries(VIEW_PAGES)) {
    const seen = new Set<string>();
    for (const module of modules) {
      const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
      if (!chunk) throw new Error(`no chunk holds ${module} (shell view ${view})`);
      withImports(chunk.fileName, seen);
    }
    out[view] = [...seen].map((f) => `/${f}`).filter((f) => !boot.includes(f));
  }
  return out;
}

const ENTRY_RE = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const PRELOAD_RE = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Takes the app's module script and its modulepreloads out of <head> and returns an inline
 * loader (placed at the end of <body>) that adds them back once the shell has been painted.
 * Fetched from <head>, the app's ~150 KB of JS would share a slow connection with the
 * stylesheet the first paint waits for, and run before that paint; deferred, the shell paints
 * first and the app loads right after. Without a shell there is nothing to paint first, so it
 * loads at once; so does a tab opened in the background (it paints nothing until shown). The
 * paint is awaited at most PAINT_WAIT_MS (a slow stylesheet, a browser without paint timing).
 */
const PAINT_WAIT_MS = 400;

export function deferModules(
  html: string,
  preloads: string[] = [],
  pages: Record<string, string[]> = {},
  earlyScreenGlobal?: string,
): { html: string; loader: string } {
  const entries = [...html.matchAll(ENTRY_RE)].map((m) => m[1]);
  // Vite writes no modulepreload of its own (modulePreload is off); any it did write would be
  // among `preloads` (bootChunks) anyway, so they are taken out.
  if (entries.length !== 1) throw new Error(`expected one module script, found ${entries.length}`);
  const loader = `(() => {
  const view = document.documentElement.dataset.shell;
  const start = () => {
    const make = (tag, props) => {
      const el = Object.assign(document.createElement(tag), props);
      el.crossOrigin = '';
      return el;
    };
    // The start-up's chunks, then the shown page's own (pageChunks).
    const page = ${JSON.stringify(pages)}[view] || [];
    const queue = [make('script', { type: 'module', src: ${JSON.stringify(entries[0])} })].concat(
      ${JSON.stringify(preloads)}.concat(page).map((href) => make('link', { rel: 'modulepreload', href })),
    );
    // One element per task: starting a request costs the main thread a few milliseconds on a
    // slow phone, and all of them at once were a long task right after the first paint.
    const next = () => {
      const el = queue.shift();
      if (!el) return;
      document.head.append(el);
      setTimeout(next, 0);
    };
    next();
  };
  let started = false;
  const go = () => {
    if (!started) {
      started = true;
      start();
    }
  };
  if (!view || document.visibilityState !== 'visible') {
    go();
  } else {
    const painted = new Promise((resolve) => {
      try {
        new PerformanceObserver((list, observer) => {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          resolve();
        }).observe({ type: 'paint', buffered: true });
      } catch {}
      setTimeout(resolve, ${PAINT_WAIT_MS});
    });
    // A first screen the boot script draws from its early answer (the signer's consent,
    // prerender/earlyScreen.ts): the app, which could only draw the same screen, loads once
    // that screen has been painted, so its downloads do not share a slow connection with it.
    const answered = ${earlyScreenGlobal ? `window[${JSON.stringify(earlyScreenGlobal)}]` : 'undefined'};
    Promise.all([painted, answered]).then(() => setTimeout(go, 0));
  }
})();`;
  return { html: html.replace(ENTRY_RE, '').replace(PRELOAD_RE, ''), loader };
}
