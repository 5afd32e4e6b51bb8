/**
 * The keys by which guarded items are told apart: the server keeps one guarded name per account,
 * county and name key (and one APN per APN key), and the web app shows an item as Guarded by the
 * same keys, so a picker never offers what the server would take as a repeat.
 */

/** Only letters and digits, upper-cased: "012-0345-006-0000" and "01203450060000" share a key. */
export function apnKey(apn: string): string {
  return apn.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Upper-case, punctuation dropped, spaces collapsed: "Smith, John A." → "SMITH JOHN A". */
export function nameKey(name: string): string {
  return name
    .toUpperCase()
    .replace(/[^A-Z0-9&' ]/g, ' ')
    .replace(/'/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}
