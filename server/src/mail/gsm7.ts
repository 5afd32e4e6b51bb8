import { foldInto } from '../lib/fold.ts';

/**
 * The GSM-7 basic alphabet: a text in it takes 160 characters a segment; one character outside
 * it makes the whole text UCS-2, at 70. It has é, ñ and ü, but not á, í, ó or ú.
 */
export const GSM7 =
  /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

/**
 * `text` in GSM-7: a letter outside it loses its accent where that brings it in ("concesión"
 * becomes "concesion"); anything else stays as it is, to be sent as the carrier can.
 */
export function inGsm7(text: string): string {
  return foldInto(
    text,
    (ch) => GSM7.test(ch),
    (ch) => ch,
  );
}
