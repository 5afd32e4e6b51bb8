/**
 * The languages DeedWatch speaks to subscribers: the site, and every email, text and PDF sent to
 * them. English is the product's own wording; every other language is a translation of it.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The name of each language in itself, as a switcher offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of `tags` (BCP 47, as a browser lists what its reader prefers) that we speak, by its
 * primary subtag: 'es-MX' is Spanish. Undefined when we speak none of them.
 */
export function firstSpokenLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.slice(0, 8).split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}
