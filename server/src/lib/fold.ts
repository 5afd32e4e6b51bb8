/**
 * `text` in an alphabet: a character `has` keeps stays as it is; any other loses its accents
 * when that brings it into the alphabet (á becomes a), and otherwise becomes `otherwise(ch)`.
 */
export function foldInto(
  text: string,
  has: (ch: string) => boolean,
  otherwise: (ch: string) => string,
): string {
  return [...text]
    .map((ch) => {
      if (has(ch)) return ch;
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      return bare && [...bare].every(has) ? bare : otherwise(ch);
    })
    .join('');
}
