import { describe, expect, it } from 'vitest';
import { apnCharacters, guardName } from './index.ts';

describe('the APN rule', () => {
  it('compares APNs by their letters and digits only', () => {
    expect(apnCharacters(' 012-0345/006.0000 ')).toBe('01203450060000');
    expect(apnCharacters('048a-7046_001 00')).toBe('048a704600100');
    expect(apnCharacters('--//..')).toBe('');
  });
});

describe('the guarded name rule', () => {
  it('trims, collapses inner whitespace and upper-cases', () => {
    expect(guardName('  smith \t john\n a ')).toBe('SMITH JOHN A');
    expect(guardName('Núñez  José')).toBe('NÚÑEZ JOSÉ');
    expect(guardName('   ')).toBe('');
  });
});
