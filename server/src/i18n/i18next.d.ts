import 'i18next';
import type { en } from './en/index.ts';

// Keys given to t() are checked against the English catalog.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
