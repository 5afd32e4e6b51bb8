// Dates are formatted in the site's language: see i18n/format.ts.
export { formatDate, formatDay } from '../../i18n/format';
