/**
 * The first-paint shell (docs/architecture.md, "First paint"). At build time the static markup
 * of the screens a first visit usually lands on (the maintenance gate, the home page, the
 * request wizard, the signer's and the sealed documents' pages, /mis-pedidos) is written into index.html as `<div id="shell">`, each in a
 * `[data-shell-view]`. The inline boot script in index.html picks one before the first paint
 * (`<html data-shell="…">`, by path and by what the visitor has stored); CSS shows that one and
 * keeps #root hidden while the shell is in the page. When the app has rendered its real screen,
 * ShellHandoff removes the shell in the same commit, so the swap is never seen.
 */
export const SHELL_ID = 'shell';

/** A path's page shell (exact paths, without trailing slash); every other path has none. */
export const SHELL_PAGES: Readonly<Record<string, string>> = {
  '/': 'home',
  '/firmar-documento': 'wizard',
  '/mis-pedidos': 'orders',
};

/**
 * Views of pages only a signed-in customer sees (RouteGuard): shown with a stored session.
 * With the access code alone the guard sends the visitor to log in, so there is no shell.
 */
export const SIGNED_IN_VIEWS: readonly string[] = ['orders'];

/**
 * The pages people reach from a link they were sent or a printed code (app/paths.ts, the bare
 * layout): never behind the gate, so their view depends on the path alone. Patterns on the
 * path without trailing slash, tried in order; `verify-code` and `delivery` are their pages'
 * loading state (the lookup, the link's exchange), `signer` the signer's "Conectando".
 */
export const LINK_SHELLS: readonly (readonly [pattern: string, view: string])[] = [
  ['^/(?:sign|firmar)/[^/]+$', 'signer'],
  ['^/verificar$', 'verify'],
  ['^/verificar/[^/]+$', 'verify-code'],
  ['^/descargar/[^/]+$', 'delivery'],
];

/**
 * The wizard's view for a visitor who comes back to work in progress: its shell is a new
 * request's first step, but the cart's edit link or this tab's wizard session may open on
 * another step, so those get the wizard's spinner. The boot script (prerender/shells.tsx) picks
 * it by the same test as WizardLoading (resumesWizard, lib/wizardSession.ts).
 */
export const WIZARD_RESUME_VIEW = 'wizard-resume';

/** The page a shell view (`<html data-shell>`) stands for. */
export function shellPage(view: string | undefined): string | undefined {
  return view === WIZARD_RESUME_VIEW ? SHELL_PAGES['/firmar-documento'] : view;
}

/** Removes the shell, showing #root (its CSS rule no longer matches). */
export function dropShell(): void {
  document.getElementById(SHELL_ID)?.remove();
}

/** The longest a shell may stand in for an app that never renders (a chunk that fails). */
const SHELL_MAX_MS = 10_000;

/**
 * At start-up: no shell was picked for this path, so it goes at once; otherwise it goes at the
 * handoff, or after SHELL_MAX_MS at the latest, so a failure shows the app's own state.
 */
export function startShell(): void {
  if (!document.documentElement.dataset.shell) {
    dropShell();
    return;
  }
  setTimeout(dropShell, SHELL_MAX_MS);
}
