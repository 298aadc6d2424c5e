/**
 * Runs `work` at most once per key for the life of the page and hands every caller the same
 * promise. E-mailed tokens are single-use: React StrictMode runs effects twice in development,
 * and a remount must not spend the token again.
 */
const runs = new Map<string, Promise<unknown>>();

export function once<T>(key: string, work: () => Promise<T>): Promise<T> {
  let run = runs.get(key) as Promise<T> | undefined;
  if (!run) {
    run = work();
    runs.set(key, run);
  }
  return run;
}

/** Lets a key run again (used when a failure should be retryable, and by tests). */
export function forget(key: string): void {
  runs.delete(key);
}

/**
 * Removes the query or the hash from the address bar without a navigation, so a token does not
 * stay in the history or leak through the Referer header. The router's own location keeps it,
 * which is what lets the page read it again after a remount.
 */
export function stripFromAddressBar(part: 'search' | 'hash'): void {
  if (typeof window === 'undefined') return;
  const { pathname, search, hash } = window.location;
  if (part === 'search' ? !search : !hash) return;
  const url = pathname + (part === 'search' ? hash : search);
  window.history.replaceState(window.history.state, '', url);
}
