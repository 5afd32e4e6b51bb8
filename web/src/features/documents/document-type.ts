import { documentTypeName, type Language } from '@deedwatch/rules';
import { currentLanguage } from '../../i18n';

/**
 * A recorded document's type in the language shown (or `language`): a known type translated
 * (English keeps the words the county's index wrote), any other as it came. The names are the
 * shared rules' (DOCUMENT_TYPE_NAMES), which the server's emails, texts and packets use too.
 */
export function documentTypeLabel(type: string, language: Language = currentLanguage()): string {
  return documentTypeName(type, language);
}
