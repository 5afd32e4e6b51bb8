import { COUNTY_TIME_ZONE, type Language } from '@deedwatch/rules';
import { currentLanguage } from '.';

/** The Intl locale of each language: US English and US Spanish (dates day first). */
const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T) {
  let made = cache.get(key) as T | undefined;
  if (!made) {
    made = make();
    cache.set(key, made);
  }
  return made;
}

/** The day as the reader writes it, in `timeZone` (the reader's own when not given). */
const dayFormat = (language: Language, timeZone?: string) =>
  formatter(
    `day:${language}:${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[language], {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        ...(timeZone ? { timeZone } : {}),
      }),
  );
const timeFormat = (language: Language) =>
  formatter(
    `time:${language}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[language], {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  );

function parse(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The day, in the reader's time zone: MM/DD/YYYY in English, DD/MM/YYYY in Spanish; '' for a
 * missing or unreadable date. */
export function formatDate(iso: string | null | undefined, language = currentLanguage()): string {
  const date = parse(iso);
  return date ? dayFormat(language).format(date) : '';
}

/** The day and the time of day (24-hour), in the reader's time zone; '' for a missing date. */
export function formatDateTime(
  iso: string | null | undefined,
  language = currentLanguage(),
): string {
  const date = parse(iso);
  return date ? `${dayFormat(language).format(date)} ${timeFormat(language).format(date)}` : '';
}

/**
 * The county's day of a moment, in the reader's order: a document's recording date, as the
 * recorder stamped it (Pacific time) and as the alert's own sentence gives it, whatever the
 * reader's time zone.
 */
export function formatCountyDate(
  iso: string | null | undefined,
  language = currentLanguage(),
): string {
  const date = parse(iso);
  return date ? dayFormat(language, COUNTY_TIME_ZONE).format(date) : '';
}

/** A calendar day given as YYYY-MM-DD, in the reader's order: no time zone shifts it. */
export function formatDay(day: string, language = currentLanguage()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return dayFormat(language, 'UTC').format(date);
}

/** A count with the reader's digit grouping: 12,345 in English, 12,345 or 12 345 in Spanish. */
export function formatNumber(n: number, language = currentLanguage()): string {
  return formatter(`number:${language}`, () => new Intl.NumberFormat(LOCALES[language])).format(n);
}
