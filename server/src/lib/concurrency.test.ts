import { describe, expect, it } from 'vitest';
import { mapConcurrently, semaphore } from './concurrency.ts';

/** A promise with its resolve and reject at hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('mapConcurrently', () => {
  it('runs up to the limit at once and keeps the results in the items’ order', async () => {
    const gates = [0, 1, 2, 3, 4].map(() => deferred());
    const started: number[] = [];
    const mapped = mapConcurrently([0, 1, 2, 3, 4], 2, async (item) => {
      started.push(item);
      await gates[item]!.promise;
      return item * 10;
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    // The second finishes first: the third starts in its place, the first still running.
    gates[1]!.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await mapped).toEqual([0, 10, 20, 30, 40]);
  });

  it('starts nothing after a failure and rejects once those started have settled', async () => {
    const slow = deferred();
    const started: number[] = [];
    let settledAfterFailure = false;
    const mapped = mapConcurrently([0, 1, 2, 3], 2, async (item) => {
      started.push(item);
      if (item === 0) throw new Error('item 0 failed');
      await slow.promise;
      settledAfterFailure = true;
      return item;
    });
    let rejected = false;
    void mapped.catch(() => (rejected = true));
    await new Promise((resolve) => setImmediate(resolve));
    // Item 1 is still running: no rejection yet, and item 2 was never started.
    expect(rejected).toBe(false);
    expect(started).toEqual([0, 1]);
    slow.resolve();
    await expect(mapped).rejects.toThrow('item 0 failed');
    expect(settledAfterFailure).toBe(true);
    expect(started).toEqual([0, 1]);
  });

  it('maps an empty list to an empty list', async () => {
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
  });
});

describe('semaphore', () => {
  it('lets in up to max at once, then each waiter as a holder leaves, first come first in', async () => {
    const slots = semaphore(2);
    const order: string[] = [];
    const enter = async (name: string) => {
      await slots.acquire();
      order.push(name);
    };
    void enter('a');
    void enter('b');
    const c = enter('c');
    const d = enter('d');
    await Promise.resolve();
    expect(order).toEqual(['a', 'b']);
    slots.release();
    await c;
    expect(order).toEqual(['a', 'b', 'c']);
    slots.release();
    await d;
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lets a background waiter in only when no other waits, whoever came first', async () => {
    const slots = semaphore(1);
    const order: string[] = [];
    const enter = async (name: string, priority?: 'background') => {
      await slots.acquire(priority);
      order.push(name);
    };
    await enter('holder');
    const bulk = [enter('bulk 1', 'background'), enter('bulk 2', 'background')];
    const alert = enter('alert');
    slots.release();
    await alert;
    expect(order).toEqual(['holder', 'alert']);
    slots.release();
    await bulk[0];
    slots.release();
    await bulk[1];
    expect(order).toEqual(['holder', 'alert', 'bulk 1', 'bulk 2']);
  });
});
