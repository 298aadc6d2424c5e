import { createServer, type Plugin, type PluginOption } from 'vite';

/** What web/src/prerender/shells.tsx exports. */
interface ShellModule {
  renderShellMarkup(): string;
  bootScript(): string;
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
      async handler(html) {
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
          const boot = `<script>${shells.bootScript()}</script>`;
          if (!html.includes('</head>') || !html.includes('<div id="root">')) {
            throw new Error('index.html lacks </head> or <div id="root">');
          }
          const { html: withoutModules, loader } = deferModules(html);
          return withoutModules
            .replace('</head>', `  ${boot}\n  </head>`)
            .replace('<div id="root">', `${markup}\n    <div id="root">`)
            .replace('</body>', `  <script>${loader}</script>\n  </body>`);
        } finally {
          await server.close();
        }
      },
    },
  };
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

export function deferModules(html: string): { html: string; loader: string } {
  const entries = [...html.matchAll(ENTRY_RE)].map((m) => m[1]);
  const preloads = [...html.matchAll(PRELOAD_RE)].map((m) => m[1]);
  if (entries.length !== 1) throw new Error(`expected one module script, found ${entries.length}`);
  const loader = `(() => {
  const add = (tag, props) => {
    const el = Object.assign(document.createElement(tag), props);
    el.crossOrigin = '';
    document.head.append(el);
  };
  const start = () => {
    for (const href of ${JSON.stringify(preloads)}) add('link', { rel: 'modulepreload', href });
    add('script', { type: 'module', src: ${JSON.stringify(entries[0])} });
  };
  let started = false;
  const go = () => {
    if (!started) {
      started = true;
      start();
    }
  };
  if (!document.documentElement.dataset.shell || document.visibilityState !== 'visible') {
    go();
  } else {
    try {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setTimeout(go, 0);
      }).observe({ type: 'paint', buffered: true });
    } catch {}
    setTimeout(go, ${PAINT_WAIT_MS});
  }
})();`;
  return { html: html.replace(ENTRY_RE, '').replace(PRELOAD_RE, ''), loader };
}
