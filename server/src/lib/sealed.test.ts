import { describe, expect, it } from 'vitest';
import { deriveSealingKey, seal, unseal } from './sealed.ts';

describe('sealed values', () => {
  const key = deriveSealingKey('a-session-secret-that-is-long-enough', 'mail');

  it('round-trips and hides the plaintext', () => {
    const sealed = seal(key, 'https://app/login-redirect/SECRETCODE');
    expect(sealed).not.toContain('SECRETCODE');
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('SECRETCODE');
    expect(unseal(key, sealed)).toBe('https://app/login-redirect/SECRETCODE');
  });

  it('refuses another key and an altered value', () => {
    const sealed = seal(key, 'hello');
    expect(() =>
      unseal(deriveSealingKey('another-secret-that-is-long-enough!', 'mail'), sealed),
    ).toThrow();
    expect(() =>
      unseal(deriveSealingKey('a-session-secret-that-is-long-enough', 'other'), sealed),
    ).toThrow();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => unseal(key, bytes.toString('base64url'))).toThrow();
  });
});
