// Dates are formatted in the site's language: see i18n/format.ts.
export { formatCountyDate, formatDate, formatDay } from '../../i18n/format';
