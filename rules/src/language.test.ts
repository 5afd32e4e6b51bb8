import { describe, expect, it } from 'vitest';
import { firstSpokenLanguage, isLanguage } from './language.ts';

describe('languages', () => {
  it('knows the languages it speaks and nothing else', () => {
    expect(isLanguage('es')).toBe(true);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage('ES')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it("takes a browser's first language we speak, by its primary subtag", () => {
    expect(firstSpokenLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(firstSpokenLanguage(['fr-FR', 'EN-gb'])).toBe('en');
    expect(firstSpokenLanguage(['fr', 'de'])).toBeUndefined();
    expect(firstSpokenLanguage([])).toBeUndefined();
  });
});
