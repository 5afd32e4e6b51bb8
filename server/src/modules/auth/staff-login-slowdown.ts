import { setTimeout as delay } from 'node:timers/promises';
import type { Database } from '../../db/database.ts';
import { countHit, hitsInWindow } from './rate-limits.repository.ts';

// One bucket for every failed staff sign-in, whatever the account or the address: a guesser
// spread over many addresses slows every guess down, and no account is ever locked.
const FAILURES_KEY = 'staff-login:failures:all';
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed staff sign-ins in a window before any sign-in waits. */
export const FREE_FAILURES = 20;
/** Each failure beyond the free ones adds this to the wait… */
export const DELAY_STEP_MS = 250;
/** …up to this, so the real admin always gets in, at worst this much later. */
export const MAX_DELAY_MS = 5_000;

/** How long a staff sign-in waits after `failures` failed ones in the current window. */
export function staffLoginDelayMs(failures: number): number {
  return Math.min(MAX_DELAY_MS, Math.max(0, failures - FREE_FAILURES) * DELAY_STEP_MS);
}

export function recentStaffLoginFailures(db: Database): Promise<number> {
  return hitsInWindow(db, FAILURES_KEY, FAILURE_WINDOW_MS);
}

export async function recordStaffLoginFailure(db: Database): Promise<void> {
  await countHit(db, FAILURES_KEY, FAILURE_WINDOW_MS);
}

/** How a wait is taken: node's timer, or whatever the app was built with. */
export type Delay = (ms: number) => Promise<unknown>;

/** Waits before a staff password is checked, the longer the more staff sign-ins failed lately. */
export async function slowDownStaffLogin(db: Database, wait: Delay = delay): Promise<void> {
  const ms = staffLoginDelayMs(await recentStaffLoginFailures(db));
  if (ms > 0) await wait(ms);
}
