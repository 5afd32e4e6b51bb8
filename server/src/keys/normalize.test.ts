import { describe, expect, it } from 'vitest';
import { addressKey, formatApn } from './normalize.ts';

describe('formatApn', () => {
  it('formats a key by the county mask', () => {
    expect(formatApn('01203450060000', '000-0000-000-0000')).toBe('012-0345-006-0000');
    expect(formatApn('048A704600100', '000a-0000-000-00')).toBe('048A-7046-001-00');
  });
  it('rejects a key that is too short, too long, or has a letter where a digit belongs', () => {
    expect(formatApn('0120345006000', '000-0000-000-0000')).toBeUndefined();
    expect(formatApn('012034500600001', '000-0000-000-0000')).toBeUndefined();
    expect(formatApn('0120345A060000', '000-0000-000-0000')).toBeUndefined();
    expect(formatApn('0481704600100', '000a-0000-000-00')).toBeUndefined();
  });
});

describe('addressKey', () => {
  it('unifies suffixes, directions and unit designators (USPS Pub 28)', () => {
    expect(addressKey('123 North Main Street, Apt. 4')).toBe('123 N MAIN ST APT 4');
    expect(addressKey('123 N MAIN ST APT 4')).toBe('123 N MAIN ST APT 4');
    expect(addressKey('55 Oak Avenue #2')).toBe('55 OAK AVE UNIT 2');
    expect(addressKey('9 Elm Boulevard')).toBe(addressKey('9 ELM BLVD'));
  });
  it('keeps the first word as written: a street may be named North', () => {
    expect(addressKey('North Road')).toBe('NORTH RD');
  });
});
