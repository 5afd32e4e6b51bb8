import type { EventLevel } from '../db/types.ts';

/**
 * The texts DeedWatch sends. A text can be read over a shoulder or on a lock screen, so it never
 * carries a name or an address: only the level, the kind of document, the county, its number and
 * a link that needs a sign-in to show more.
 */

export const SMS_LEVEL_LABEL: Record<Exclude<EventLevel, 'records'>, string> = {
  act_now: 'Act now',
  check: 'Check',
};

export function verifySmsText(verifyUrl: string, validMinutes: number): string {
  return `DeedWatch: confirm this number for fraud alerts (link valid ${validMinutes} minutes): ${verifyUrl}`;
}

export function alertText(input: {
  level: Exclude<EventLevel, 'records'>;
  documentType: string;
  countyName: string;
  documentNumber: string;
  eventUrl: string;
}): string {
  return `DeedWatch ${SMS_LEVEL_LABEL[input.level]}: a ${input.documentType} was recorded in ${input.countyName} County, document ${input.documentNumber}. Details: ${input.eventUrl} Reply STOP to stop texts.`;
}

export function helpText(supportPhone: string, supportEmail: string): string {
  return `DeedWatch property-fraud alerts. Help: ${supportPhone} (Mon-Fri 8AM-5PM PST) or ${supportEmail}. Reply STOP to stop texts, START to resume.`;
}
