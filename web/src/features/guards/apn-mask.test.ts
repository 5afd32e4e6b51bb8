import { describe, expect, it } from 'vitest';
import { apnCharacters, formatApn, isCompleteApn } from './apn-mask';

const SACRAMENTO = '000-0000-000-0000';
const ALAMEDA = '000a-0000-000-00';

describe('formatApn', () => {
  it('strips the input to letters and digits before formatting', () => {
    expect(apnCharacters(' 012-0345/006.0000 ')).toBe('01203450060000');
    expect(formatApn('012 0345 006 0000', SACRAMENTO)).toBe('012-0345-006-0000');
    expect(formatApn('012.0345_006*0000', SACRAMENTO)).toBe('012-0345-006-0000');
  });

  it('writes each - of the mask as it comes, but only before a character that follows it', () => {
    expect(formatApn('012', SACRAMENTO)).toBe('012');
    expect(formatApn('0120', SACRAMENTO)).toBe('012-0');
    expect(formatApn('012-', SACRAMENTO)).toBe('012');
    expect(formatApn('', SACRAMENTO)).toBe('');
  });

  it('takes only digits where the mask has 0', () => {
    expect(formatApn('01x2', SACRAMENTO)).toBe('012');
    expect(formatApn('abc', SACRAMENTO)).toBe('');
  });

  it('takes a letter where the mask has a, upper-cased', () => {
    expect(formatApn('048a7046', ALAMEDA)).toBe('048A-7046');
    expect(formatApn('048A-7046-001-00', ALAMEDA)).toBe('048A-7046-001-00');
    expect(formatApn('0487', ALAMEDA)).toBe('048');
  });

  it('stops at the end of the mask', () => {
    expect(formatApn('0120345006000099', SACRAMENTO)).toBe('012-0345-006-0000');
  });

  it('knows a complete APN', () => {
    expect(isCompleteApn('012-0345-006-0000', SACRAMENTO)).toBe(true);
    expect(isCompleteApn('012-0345-006-000', SACRAMENTO)).toBe(false);
    expect(isCompleteApn('048A-7046-001-00', ALAMEDA)).toBe(true);
    expect(isCompleteApn('0481-7046-001-00', ALAMEDA)).toBe(false);
  });
});
