import { describe, expect, it } from 'vitest';
import { formatCountyDate } from './format';

describe('formatCountyDate', () => {
  it('gives the county’s (Pacific) day of a moment, in the reader’s order', () => {
    // 17:51 Pacific on 20 November is 01:51 UTC on the 21st.
    expect(formatCountyDate('2026-11-21T01:51:00Z', 'en')).toBe('11/20/2026');
    expect(formatCountyDate('2026-11-21T01:51:00Z', 'es')).toBe('20/11/2026');
    // 01:00 Pacific on the 21st.
    expect(formatCountyDate('2026-11-21T09:00:00Z', 'en')).toBe('11/21/2026');
    // Summer time: 23:30 PDT on 1 July is 06:30 UTC on the 2nd.
    expect(formatCountyDate('2026-07-02T06:30:00Z', 'en')).toBe('07/01/2026');
  });

  it('gives nothing for a missing or unreadable date', () => {
    expect(formatCountyDate(null, 'en')).toBe('');
    expect(formatCountyDate('not a date', 'en')).toBe('');
  });
});
