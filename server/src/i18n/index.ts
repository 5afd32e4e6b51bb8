import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@deedwatch/rules';
import i18next, { type TFunction } from 'i18next';
import { en } from './en/index.ts';
import { es } from './es/index.ts';

/**
 * The words the server writes to people (emails, texts, PDFs, the dashboard's reasons), in each
 * language the product speaks. One i18next instance of our own, initialised synchronously from
 * the catalogs in this folder: nothing is read from disk or the network. A message is a whole
 * entry with `{{placeholders}}`; HTML is escaped by the caller (the mail templates), so values
 * are not escaped here.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export type Translate = TFunction;

/** t() for one language. */
export function translator(language: Language): Translate {
  return i18n.getFixedT(language);
}

/** The Intl locale of each language: US English and US Spanish. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };
