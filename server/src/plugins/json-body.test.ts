import { describe, expect, it } from 'vitest';
import { wellFormedJson } from './json-body.ts';

describe('wellFormedJson', () => {
  it('finds half a surrogate pair in a value or a key, at any depth', () => {
    expect(wellFormedJson({ a: ['ok', { b: 'x\ud800' }] })).toBe(false);
    expect(wellFormedJson({ a: { ['k\udc00']: 1 } })).toBe(false);
    expect(wellFormedJson(JSON.parse('{"a":"\\ud83d\\ude00","b":[null,1,true]}'))).toBe(true);
  });

  it('walks a long array and a deep nesting without running out of stack', () => {
    const long = Array.from({ length: 300_000 }, () => 1);
    expect(wellFormedJson([...long, '\ud800'])).toBe(false);
    let deep: unknown = 'x\udfff';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(wellFormedJson(deep)).toBe(false);
  });
});
