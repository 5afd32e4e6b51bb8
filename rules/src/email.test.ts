import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  emailActions,
  FIRST_ISSUE_ONLY,
  isEmail,
  MAX_EMAIL_LENGTH,
} from './index.ts';

/** The rule in plain code: no whitespace, and an @ with something on each side. */
const textAtText = (s: string) => s.length >= 3 && !/\s/.test(s) && s.slice(1, -1).includes('@');

describe('the email rule', () => {
  it('accepts exactly text@text: non-space characters, an @, then non-space characters', () => {
    const alphabet = ['a', '@', '.', ' ', '\t', '\u00a0'];
    let strings = [''];
    for (let length = 1; length <= 6; length++) {
      strings = strings.flatMap((s) => alphabet.map((c) => s + c));
      for (const s of strings) expect(EMAIL_PATTERN.test(s), JSON.stringify(s)).toBe(textAtText(s));
    }
  });

  it.each(['owner@example.com', 'a@b', '@a@b', 'a@@', 'ÿ@ñ.example', 'o+tag@sub.example.org'])(
    'accepts %j',
    (email) => expect(isEmail(email)).toBe(true),
  );

  it.each(['', 'owner', 'owner@', '@example.com', 'own er@example.com', 'a@b\n', '@@'])(
    'refuses %j',
    (email) => expect(isEmail(email)).toBe(false),
  );

  it(`is at most ${MAX_EMAIL_LENGTH} characters`, () => {
    const longest = `${'a'.repeat(MAX_EMAIL_LENGTH - 12)}@example.com`;
    expect(longest).toHaveLength(MAX_EMAIL_LENGTH);
    expect(isEmail(longest)).toBe(true);
    expect(isEmail(`a${longest}`)).toBe(false);
  });

  it("fails with the screen's own message, once, the length checked before the pattern", () => {
    const Email = v.pipe(v.string(), ...emailActions('Invalid Email'));
    const overlong = '@'.repeat(MAX_EMAIL_LENGTH) + ' a';
    const issues = v.safeParse(Email, overlong, FIRST_ISSUE_ONLY).issues ?? [];
    expect(issues.map((i) => [i.type, i.message])).toEqual([['max_length', 'Invalid Email']]);
    expect(v.safeParse(Email, 'owner').issues?.map((i) => i.message)).toEqual(['Invalid Email']);
    expect(v.safeParse(Email, 'owner@example.com').success).toBe(true);
  });
});
