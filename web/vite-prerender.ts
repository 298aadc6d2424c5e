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
          return html
            .replace('</head>', `  ${boot}\n  </head>`)
            .replace('<div id="root">', `${markup}\n    <div id="root">`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
