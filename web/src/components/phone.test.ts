import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

describe('formatPhone', () => {
  it('writes a North American number as people dial it', () => {
    expect(formatPhone('+15551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+19165550123')).toBe('(916) 555-0123');
  });

  it('leaves any other number as it is, + and the country code first', () => {
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone('+1555123456')).toBe('+1555123456');
    expect(formatPhone('(916) 555-0123')).toBe('(916) 555-0123');
  });
});
