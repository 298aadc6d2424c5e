/**
 * The first-paint shell (docs/architecture.md, "First paint"). At build time the static markup
 * of the screens a first visit usually lands on (the maintenance gate, the home page, the
 * request wizard) is written into index.html as `<div id="shell">`, each in a
 * `[data-shell-view]`. The inline boot script in index.html picks one before the first paint
 * (`<html data-shell="…">`, by path and by what the visitor has stored); CSS shows that one and
 * keeps #root hidden while the shell is in the page. When the app has rendered its real screen,
 * ShellHandoff removes the shell in the same commit, so the swap is never seen.
 */
import { WIZARD_EDIT_PARAM, WIZARD_SESSION_KEYS } from './wizardSession';

export const SHELL_ID = 'shell';

/** A path's page shell (exact paths, without trailing slash); every other path has none. */
export const SHELL_PAGES: Readonly<Record<string, string>> = {
  '/': 'home',
  '/firmar-documento': 'wizard',
};

/**
 * A page view's variant for a visitor who comes back to work in progress: the wizard's shell is
 * a new request's first step, but a saved request (the URL parameter) or this tab's wizard
 * session (the storage keys) may open on another step, so those get the wizard's spinner
 * (features/wizard/WizardLoading.tsx, the same test).
 */
export const SHELL_RESUME: Readonly<
  Record<string, { view: string; param: string; sessionKeys: readonly string[] }>
> = {
  wizard: { view: 'wizard-resume', param: WIZARD_EDIT_PARAM, sessionKeys: WIZARD_SESSION_KEYS },
};

/** The page a shell view stands for (`<html data-shell>`): a resume variant's own page. */
export function shellPage(view: string | undefined): string | undefined {
  const base = Object.entries(SHELL_RESUME).find(([, resume]) => resume.view === view)?.[0];
  return base ?? view;
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
