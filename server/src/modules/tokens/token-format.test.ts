import { describe, expect, it } from 'vitest';
import {
  generateToken,
  hashToken,
  TOKEN_LENGTH,
  TOKEN_PATTERN,
  tokenHint,
  wellFormedToken,
} from './token-format.ts';

describe('personal access tokens', () => {
  it('are dw_pat_, 256 random bits and a checksum, different every time', () => {
    const tokens = Array.from({ length: 50 }, generateToken);
    expect(new Set(tokens).size).toBe(50);
    for (const token of tokens) {
      expect(token).toHaveLength(TOKEN_LENGTH);
      expect(token).toMatch(TOKEN_PATTERN);
      expect(wellFormedToken(token)).toBe(true);
    }
    expect(tokenHint(tokens[0]!)).toBe(tokens[0]!.slice(0, 11));
    expect(hashToken(tokens[0]!)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tell a typo or a foreign token from a real one without the database', () => {
    const token = generateToken();
    const body = token.slice(7, -8);
    const typo = `dw_pat_${body.slice(0, 5)}${body[5] === 'a' ? 'b' : 'a'}${body.slice(6)}${token.slice(-8)}`;
    for (const bad of [typo, token.slice(0, -1), `${token}0`, token.toUpperCase(), 'ghp_x', '']) {
      expect(wellFormedToken(bad), bad).toBe(false);
    }
  });
});
