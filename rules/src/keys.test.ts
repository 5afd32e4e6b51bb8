import { describe, expect, it } from 'vitest';
import { apnKey, nameKey } from './index.ts';

describe('apnKey', () => {
  it('keeps only letters and digits, upper-cased', () => {
    expect(apnKey(' 012-0345-006-0000 ')).toBe('01203450060000');
    expect(apnKey('048a-7046.001 00')).toBe('048A704600100');
  });
});

describe('nameKey', () => {
  it('upper-cases, drops punctuation and collapses spaces', () => {
    expect(nameKey('Smith,  John A.')).toBe('SMITH JOHN A');
    expect(nameKey("O'Brien Mary")).toBe('OBRIEN MARY');
    expect(nameKey('ACME HOLDINGS, L.L.C.')).toBe('ACME HOLDINGS L L C');
  });
});
