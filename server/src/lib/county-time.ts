/**
 * Every county served is in California: the recorder stamps documents in Pacific time, so the
 * dates a subscriber or an owner can look up are Pacific whatever the server's zone.
 */
import { COUNTY_TIME_ZONE, type Language } from '@deedwatch/rules';

export { COUNTY_TIME_ZONE };

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COUNTY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** MM/DD/YYYY in county time; DD/MM/YYYY in Spanish ('es'), as US Spanish writes a date. */
export function countyDate(at: Date, language: Language = 'en'): string {
  const parts = Object.fromEntries(dateFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return language === 'es'
    ? `${parts.day}/${parts.month}/${parts.year}`
    : `${parts.month}/${parts.day}/${parts.year}`;
}

/** The county's calendar day of `at`, as YYYY-MM-DD. */
export function countyDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: COUNTY_TIME_ZONE }).format(at);
}

const timeFormats = {
  en: new Intl.DateTimeFormat('en-US', {
    timeZone: COUNTY_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }),
  es: new Intl.DateTimeFormat('es-US', {
    timeZone: COUNTY_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }),
} satisfies Record<Language, Intl.DateTimeFormat>;

/**
 * A moment as a sentence of ours gives it: the county's date (countyDate) and its 24-hour time,
 * with the zone named: 12/07/2026 00:45 PST in English, 07/12/2026 00:45 PST in Spanish.
 */
export function countyDateTime(at: Date, language: Language = 'en'): string {
  return `${countyDate(at, language)} ${timeFormats[language].format(at)}`;
}
