import { describe, expect, it } from 'vitest';
import { COUNTY_CODE_PATTERN, MASK_PATTERN } from './index.ts';

describe('the county rules', () => {
  it('takes masks of 0, a and - only', () => {
    expect(['000-0000-000-0000', '000a-0000', 'a', '-'].every((m) => MASK_PATTERN.test(m))).toBe(
      true,
    );
    expect(['', '000 000', '0000x', '000-A'].some((m) => MASK_PATTERN.test(m))).toBe(false);
  });

  it('takes codes of capital letters, digits and _ only', () => {
    expect(['SAC', 'LA_2', '_'].every((c) => COUNTY_CODE_PATTERN.test(c))).toBe(true);
    expect(['', 'sac', 'SA C', 'SAC-1'].some((c) => COUNTY_CODE_PATTERN.test(c))).toBe(false);
  });
});
