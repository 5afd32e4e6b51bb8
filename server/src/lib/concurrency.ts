/** Who goes first for a place in a semaphore: background waiters only when no other waits. */
export type Priority = 'normal' | 'background';

/**
 * A counting semaphore: `acquire` waits while `max` holders are in, and the first waiter is let
 * in as each leaves. A waiter of `'background'` priority is let in only when no other waits:
 * bulk work (an ingest's text extraction) gives way to work someone waits on (an alert's
 * excerpt), yet still runs whenever a place is free.
 */
export function semaphore(max: number) {
  let holders = 0;
  const waiting: (() => void)[] = [];
  const background: (() => void)[] = [];
  return {
    async acquire(priority: Priority = 'normal') {
      if (holders < max) {
        holders++;
        return;
      }
      await new Promise<void>((resolve) =>
        (priority === 'background' ? background : waiting).push(resolve),
      );
    },
    release() {
      const next = waiting.shift() ?? background.shift();
      if (next) next();
      else holders--;
    },
  };
}

/**
 * `fn` applied to every item, at most `limit` at a time, the results in the items' order. When
 * one fails no further item is started; the promise rejects with that failure once those
 * already started have settled, so nothing is still running behind the caller's back.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const runner = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i]!, i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const runners = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, runner);
  const settled = await Promise.allSettled(runners);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
