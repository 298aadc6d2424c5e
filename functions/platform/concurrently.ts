/**
 * Runs `work` on every item with at most `limit` in flight, and waits for all of them. Jobs
 * that take hundreds of due items (reminders, sweeps) use it: one item at a time makes a daily
 * run as slow as the sum of its round trips, all at once floods the table and SES.
 * A failure of one item does not stop the others; the first failure is rethrown at the end.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let firstError: unknown;
  let failed = false;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (err) {
        if (!failed) firstError = err;
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failed) throw firstError;
}
