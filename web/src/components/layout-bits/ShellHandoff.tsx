import { useLayoutEffect } from 'react';
import { dropShell } from '../../lib/firstPaintShell';

/**
 * Rendered as the FIRST child inside the Suspense boundary of a real screen (a page, the gate,
 * an error): it commits only with that screen, and its layout effect runs before the screen's
 * own layout effects and before the paint, so the shell is gone (and #root shown) by then.
 */
export function ShellHandoff() {
  useLayoutEffect(dropShell, []);
  return null;
}
