/**
 * A phone number as the server keeps it (E.164: +15551234567), written for a person to read and
 * dial: a North American number (+1 and ten digits) as (555) 123-4567, as the product writes US
 * numbers elsewhere; any other number as it is, + and the country code first. A value that is
 * no E.164 number is returned as it is.
 */
export function formatPhone(e164: string): string {
  const us = /^\+1([2-9][0-9]{2})([0-9]{3})([0-9]{4})$/.exec(e164.trim());
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}
