import { describe, expect, it } from 'vitest';
import {
  DELAY_STEP_MS,
  FREE_FAILURES,
  MAX_DELAY_MS,
  staffLoginDelayMs,
} from './staff-login-slowdown.ts';

describe('staffLoginDelayMs', () => {
  it('is nothing up to the free failures, then grows with each failure up to the cap', () => {
    expect(staffLoginDelayMs(0)).toBe(0);
    expect(staffLoginDelayMs(FREE_FAILURES)).toBe(0);
    expect(staffLoginDelayMs(FREE_FAILURES + 1)).toBe(DELAY_STEP_MS);
    expect(staffLoginDelayMs(FREE_FAILURES + 4)).toBe(4 * DELAY_STEP_MS);
    expect(staffLoginDelayMs(1_000_000)).toBe(MAX_DELAY_MS);
  });
});
