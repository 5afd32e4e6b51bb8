import { apnCharacters } from '@deedwatch/rules';

export { apnCharacters };

function fits(char: string, slot: string): boolean {
  if (slot === '0') return /[0-9]/.test(char);
  if (slot === 'a') return /[a-z]/i.test(char);
  return false;
}

/**
 * Formats typed input by a county's APN mask: the input is stripped to letters and
 * digits, then each `0` of the mask takes the next digit, each `a` the next letter (upper-cased),
 * and a `-` is written as it is. A character that fits no slot is dropped; the result stops where
 * the input or the mask ends, so '0120345' by '000-0000-000-0000' gives '012-0345'.
 */
export function formatApn(input: string, mask: string): string {
  const chars = apnCharacters(input);
  let out = '';
  // A separator is written only before a character that follows it.
  let separators = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= chars.length) break;
    if (slot !== '0' && slot !== 'a') {
      separators += slot;
      continue;
    }
    while (next < chars.length && !fits(chars[next]!, slot)) next++;
    if (next >= chars.length) break;
    out += separators + (slot === 'a' ? chars[next]!.toUpperCase() : chars[next]);
    separators = '';
    next++;
  }
  return out;
}

/** Whether a formatted APN fills every slot of the mask. */
export function isCompleteApn(apn: string, mask: string): boolean {
  return apn.length === mask.length && formatApn(apn, mask) === apn;
}
