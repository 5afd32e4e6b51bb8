import { type Language, MAX_PHONE_LENGTH } from '@deedwatch/rules';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { type HttpError, said } from './errors.ts';

/** A number as E.164, or the 400 to answer, told in the reader's language. */
export type PhoneCheck = { ok: true; e164: string } | { ok: false; error: HttpError };

const countryName = (language: Language, code: string) =>
  new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;

/**
 * A number as E.164 (+15551234567), read with the first of `countries` as the default when no
 * + and country code is given, and valid only for one of `countries` (the subscriber's
 * counties take numbers of these). Anything else is a message a person can act on.
 */
export function parsePhone(input: string, countries: readonly string[]): PhoneCheck {
  const trimmed = input.trim();
  const notANumber: PhoneCheck = {
    ok: false,
    error: said(400, 'errors.phoneNotANumber', { number: trimmed.slice(0, MAX_PHONE_LENGTH) }),
  };
  if (trimmed === '' || trimmed.length > MAX_PHONE_LENGTH) return notANumber;
  const phone = parsePhoneNumberFromString(trimmed, {
    defaultCountry: (countries[0] ?? 'US') as CountryCode,
  });
  if (!phone?.isValid()) return notANumber;
  if (!phone.country || !countries.includes(phone.country)) {
    const { country, countryCallingCode } = phone;
    return {
      ok: false,
      error: said(400, 'errors.phoneCountry', (language) => ({
        from: country ? countryName(language, country) : `+${countryCallingCode}`,
        allowed: new Intl.ListFormat(language, { type: 'disjunction' }).format(
          countries.map((code) => countryName(language, code)),
        ),
      })),
    };
  }
  return { ok: true, e164: phone.number };
}
