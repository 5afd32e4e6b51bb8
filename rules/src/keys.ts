/**
 * The keys by which guarded items are told apart: the server keeps one guarded name per account,
 * county and name key (and one APN per APN key), and the web app shows an item as Guarded by the
 * same keys, so a picker never offers what the server would take as a repeat.
 */

/** Only letters and digits, upper-cased: "012-0345-006-0000" and "01203450060000" share a key. */
export function apnKey(apn: string): string {
  return apn.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

// Letters that compatibility decomposition does not take apart into a base letter and a mark
// (Vietnamese Đ, Nordic Ø, Polish Ł, German ß ...): spelled out as a recorder writes them.
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  Đ: 'D',
  đ: 'd',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
};
const UNDECOMPOSED_LETTERS = /[ĐđØøŁłßẞÆæŒœÞþı]/g;
const MARKS = /\p{M}/gu;
// Anything but printable ASCII: most names have nothing to fold, and skip the work.
const NOT_PRINTABLE_ASCII = /[^ -~]/;

/**
 * A name's letters without their accents, as recorders' indexes write them: "Peñaflor Ibargüen
 * José" → "Penaflor Ibarguen Jose"; letters that carry no accent to drop are spelled out
 * ("Øster" → "Oster", "Straße" → "Strasse"). Compatibility forms become their plain letters
 * (a ligature "ﬁ" is "fi"). Characters that are not letters are left as they are.
 */
export function foldLetters(text: string): string {
  if (!NOT_PRINTABLE_ASCII.test(text)) return text;
  return text
    .replace(UNDECOMPOSED_LETTERS, (c) => UNDECOMPOSED[c]!)
    .normalize('NFKD')
    .replace(MARKS, '');
}

/**
 * Upper-case, accents folded, apostrophes dropped, other punctuation a space, spaces collapsed:
 * "Smith, John A." → "SMITH JOHN A", "O’Brien" → "OBRIEN", "Ibargüen, José" → "IBARGUEN JOSE"
 * (the key of "IBARGUEN JOSE" too).
 */
export function nameKey(name: string): string {
  return foldLetters(name)
    .toUpperCase()
    .replace(/['‘’`]/g, '')
    .replace(/[^A-Z0-9& ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}
