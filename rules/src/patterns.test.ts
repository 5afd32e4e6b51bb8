import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { hostileInputs } from './hostile-inputs.ts';
import * as rules from './index.ts';

const patterns = Object.entries(rules).filter(
  (entry): entry is [string, RegExp] => entry[1] instanceof RegExp,
);

describe('every pattern the rules package exports', () => {
  it('is there to be checked', () => {
    expect(patterns.map(([name]) => name).sort()).toEqual(
      [
        'APN_SEPARATORS',
        'COUNTY_CODE_PATTERN',
        'EMAIL_PATTERN',
        'MASK_PATTERN',
        'NAME_SPACING',
      ].sort(),
    );
  });

  it.each(patterns)('%s is linear by a static ReDoS check (recheck)', (_, pattern) => {
    const result = checkSync(pattern.source, pattern.flags, { timeout: 30_000 });
    expect(result.status, JSON.stringify(result)).toBe('safe');
  });

  // The time each takes is measured by `npm run bench:hostile`; here, what each answers.
  it.each(patterns)('%s gives its answer on 100 KiB worst-case inputs', (_, pattern) => {
    for (const [label, input] of hostileInputs()) {
      if (pattern.global) {
        // A separator, replaced wherever it occurs: none is left after.
        const once = new RegExp(pattern.source, pattern.flags.replace('g', ''));
        expect(once.test(input.replace(pattern, '')), label).toBe(false);
      } else {
        // A rule for a whole value: no worst-case input is a valid one.
        expect(pattern.test(input), label).toBe(false);
      }
    }
  });
});
