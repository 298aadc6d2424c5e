/**
 * When pending signers are reminded (docs/architecture.md, signing): 3, 7 and 12 days after
 * their link was issued (it lives 15 days, customer-flows §9), by the `signing-reminders` job at
 * 10:00 Santiago, which takes everything due by then. A signer waiting for their turn, or who
 * signed or rejected, has no due reminder. Pure: the keys below are a sparse index on gsi1.
 *
 *   SIGNER#{sid} / META   gsi1 SIGNREMIND / {due_at}#{sid} while a reminder is due
 */
export const REMINDER_INDEX = 'SIGNREMIND';
/** Days before the link's expiry at which each reminder is due (= days 3, 7, 12 of 15). */
const BEFORE_EXPIRY_DAYS = [12, 8, 3] as const;

/** When reminder number `sent + 1` is due for a link expiring then; undefined after the last. */
export function nextReminderAt(tokenExpiresAt: string, sent: number): string | undefined {
  const days = BEFORE_EXPIRY_DAYS[sent];
  if (days === undefined) return undefined;
  return new Date(Date.parse(tokenExpiresAt) - days * 86_400_000).toISOString();
}

export const reminderSortKey = (dueAt: string, signerId: string) => `${dueAt}#${signerId}`;

/** The index keys of a signer whose reminder is due then (spread into its item). */
export function reminderKeys(signerId: string, dueAt: string | undefined) {
  return dueAt ? { gsi1pk: REMINDER_INDEX, gsi1sk: reminderSortKey(dueAt, signerId) } : {};
}
