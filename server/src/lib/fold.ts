/**
 * Latin letters that carry their mark in the letter itself (a stroke, a bar, a missing dot)
 * rather than as a separate accent, so taking the accents off does not reach them: each is
 * written as the plain letter it is read as. ŉ upper-cases to ʼN, hence the apostrophe.
 */
const PLAIN_LETTER: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  Ŧ: 'T',
  ŧ: 't',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  ŉ: "'n",
  ʼ: "'",
  ĸ: 'k',
  ſ: 's',
};

/**
 * `text` in an alphabet: a character `has` keeps stays as it is; any other loses its accents
 * when that brings it into the alphabet (á becomes a, ł becomes l), and otherwise becomes
 * `otherwise(ch)`.
 */
export function foldInto(
  text: string,
  has: (ch: string) => boolean,
  otherwise: (ch: string) => string,
): string {
  return [...text]
    .map((ch) => {
      if (has(ch)) return ch;
      const bare = [...ch.normalize('NFD').replace(/\p{M}/gu, '')]
        .map((c) => PLAIN_LETTER[c] ?? c)
        .join('');
      return bare && [...bare].every(has) ? bare : otherwise(ch);
    })
    .join('');
}
