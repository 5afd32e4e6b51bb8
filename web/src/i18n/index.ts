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

/**
 * While a staff screen is open, the language chosen for the rest of the site, which the site
 * goes back to when the staff screen closes; undefined otherwise.
 */
let heldLanguage: Language | undefined;

/**
 * Shows the site in English, for the moment, without changing the language chosen, or (with
 * `false`) goes back to the language chosen. The staff screens are English-only: shown English
 * through i18next itself, their text, the shared buttons, toasts and close labels, dates, the
 * page's `lang` and the API's `Accept-Language` are all English, whatever a staff member chose.
 */
export function showEnglishForNow(on: boolean): void {
  if (on && heldLanguage === undefined) {
    heldLanguage = currentLanguage();
    void i18next.changeLanguage('en');
  } else if (!on && heldLanguage !== undefined) {
    const chosen = heldLanguage;
    heldLanguage = undefined;
    void i18next.changeLanguage(chosen);
  }
}

/**
 * Shows the site in `language` and remembers the choice on this browser. While English is shown
 * for the moment, the choice is kept for when that ends.
 */
export async function switchLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but shown.
  }
  if (heldLanguage !== undefined) {
    heldLanguage = language;
    return;
  }
  await i18next.changeLanguage(language);
}

export { i18next as i18n };
