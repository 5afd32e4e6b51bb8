import { DEFAULT_LANGUAGE, firstSpokenLanguage, isLanguage, type Language } from '@deedwatch/rules';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en/index.ts';
import { es } from './es/index.ts';

/**
 * The site's translations (i18next with react-i18next). Catalogs are TypeScript objects in this
 * folder, one file per area, bundled with the app: the language switches at once, with nothing
 * fetched. Components call `useTranslation()` and `t('area.key')`; sentences are whole entries
 * with `{{placeholders}}`, never pieced together, and counts go through plural entries
 * (`key_one`, `key_other`), which i18next picks with Intl.PluralRules.
 */
export const LANGUAGE_STORAGE_KEY = 'deedwatch.language';

/** The language last chosen on this browser, else the first of the browser's we speak. */
export function initialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined,
  preferred: readonly string[],
): Language {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    // Storage disabled (private browsing): fall through to the browser's languages.
  }
  if (isLanguage(stored)) return stored;
  return firstSpokenLanguage(preferred) ?? DEFAULT_LANGUAGE;
}

const browserStorage = typeof window === 'undefined' ? undefined : window.localStorage;
const browserLanguages = typeof navigator === 'undefined' ? [] : navigator.languages;

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: initialLanguage(browserStorage, browserLanguages),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'es'],
  // Catalogs are in the bundle: initialise synchronously, so the first render is translated.
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

function showLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
showLanguage(i18next.language);
i18next.on('languageChanged', showLanguage);

/** The language the site shows now. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Shows the site in `language` and remembers the choice on this browser. */
export async function switchLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but shown.
  }
  await i18next.changeLanguage(language);
}

export { i18next as i18n };
