/**
 * Formats typed APN input by a county mask (spec §5): the input is stripped to letters and
 * digits, `0` takes a digit, `a` a letter (upper-cased), any other mask character is written as
 * it is. A character the mask position does not take is dropped; input beyond the mask is cut.
 */
export function formatApnInput(input: string, mask: string): string {
  const chars = [...input.replace(/[^a-z0-9]/gi, '')];
  let out = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= chars.length) break;
    if (slot === '0' || slot === 'a') {
      const wanted = slot === '0' ? /\d/ : /[a-z]/i;
      while (next < chars.length && !wanted.test(chars[next]!)) next++;
      if (next >= chars.length) break;
      out += chars[next++]!.toUpperCase();
    } else {
      out += slot;
    }
  }
  return out;
}

/** Whether `apn` fills every position of the mask. */
export function isCompleteApn(apn: string, mask: string): boolean {
  return mask.length > 0 && apn.length === mask.length && formatApnInput(apn, mask) === apn;
}

/** APNs compare by letters and digits only, as the server compares them. */
export const apnKey = (apn: string) => apn.replace(/[^a-z0-9]/gi, '').toUpperCase();

/** Names compare trimmed, upper-cased, with single spaces. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();
