/** Spec §9: toasts last 4 s (default and error), 2 s (success), loading until dismissed; ≤ 20. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;
export const TOAST_LIMIT = 20;

/**
 * Ids of the visible toasts beyond the limit. react-hot-toast keeps the newest first, so the
 * oldest ones are dismissed.
 */
export function toastsBeyondLimit(
  toasts: readonly { id: string; visible: boolean }[],
  limit = TOAST_LIMIT,
): string[] {
  return toasts
    .filter((t) => t.visible)
    .slice(limit)
    .map((t) => t.id);
}
