import { MAX_PHONE_LENGTH } from '@deedwatch/rules';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => regionNames.of(code) ?? code;

/**
 * A number as E.164 (+15551234567), read with the first of `countries` as the default when no
 * + and country code is given, and valid only for one of `countries` (the subscriber's
 * counties take numbers of these). Anything else is a message a person can act on.
 */
export function parsePhone(input: string, countries: readonly string[]): PhoneCheck {
  const trimmed = input.trim();
  const example = '(916) 555-0142';
  const notANumber: PhoneCheck = {
    ok: false,
    message: `'${trimmed.slice(0, MAX_PHONE_LENGTH)}' is not a phone number that can receive texts: give the whole number with its area code, for example ${example}, or + and the country code.`,
  };
  if (trimmed === '' || trimmed.length > MAX_PHONE_LENGTH) return notANumber;
  const phone = parsePhoneNumberFromString(trimmed, {
    defaultCountry: (countries[0] ?? 'US') as CountryCode,
  });
  if (!phone?.isValid()) return notANumber;
  if (!phone.country || !countries.includes(phone.country)) {
    const from = phone.country
      ? countryName(phone.country)
      : `country code +${phone.countryCallingCode}`;
    return {
      ok: false,
      message: `Numbers from ${from} cannot receive alerts for your counties: use a number from ${countries.map(countryName).join(' or ')}.`,
    };
  }
  return { ok: true, e164: phone.number };
}
