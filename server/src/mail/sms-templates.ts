import { documentTypeName, type Language } from '@deedwatch/rules';
import type { EventLevel } from '../db/types.ts';
import { translator } from '../i18n/index.ts';
import { inGsm7 } from './gsm7.ts';

/**
 * The texts DeedWatch sends, in the subscriber's language. A text can be read over a shoulder
 * or on a lock screen, so it never carries a name or an address: only the level, the kind of
 * document, the county, its number and a link that needs a sign-in to show more. Spanish has
 * accented letters, which make a text UCS-2 (70 characters a segment instead of 160): the
 * catalogs write texts in GSM-7, and an alert's values (a document type's Spanish name) are
 * brought into it.
 */

const SMS_LEVEL_KEY = {
  act_now: 'sms.levels.actNow',
  check: 'sms.levels.check',
} as const satisfies Record<Exclude<EventLevel, 'records'>, string>;

export function verifySmsText(
  verifyUrl: string,
  validMinutes: number,
  language: Language = 'en',
): string {
  return translator(language)('sms.verify', { minutes: validMinutes, url: verifyUrl });
}

export function alertText(
  input: {
    level: Exclude<EventLevel, 'records'>;
    documentType: string;
    countyName: string;
    documentNumber: string;
    eventUrl: string;
  },
  language: Language = 'en',
): string {
  const t = translator(language);
  return inGsm7(
    t('sms.alert', {
      level: t(SMS_LEVEL_KEY[input.level]),
      type: documentTypeName(input.documentType, language),
      county: input.countyName,
      number: input.documentNumber,
      url: input.eventUrl,
    }),
  );
}

export function helpText(supportPhone: string, supportEmail: string, language: Language = 'en') {
  return translator(language)('sms.help', { phone: supportPhone, email: supportEmail });
}
