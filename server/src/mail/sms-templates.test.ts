import { DOCUMENT_TYPE_NAMES } from '@deedwatch/rules';
import { describe, expect, it } from 'vitest';
import { GSM7, inGsm7 } from './gsm7.ts';
import { alertText, helpText, verifySmsText } from './sms-templates.ts';

const alert = {
  level: 'act_now' as const,
  documentType: 'GRANT DEED',
  countyName: 'Sacramento',
  documentNumber: '202411220001234',
  eventUrl: 'https://deedwatch.test/dashboard?event=6f1c2c9e-8a4b-4b7e-9a51-0c2f3e4d5a6b',
};

describe('texts', () => {
  it('are unchanged in English', () => {
    expect(alertText(alert)).toBe(
      `DeedWatch Act now: GRANT DEED recorded in Sacramento County, document 202411220001234. Details: ${alert.eventUrl} Reply STOP to stop texts.`,
    );
    expect(verifySmsText('https://x.test/v/1', 15)).toBe(
      'DeedWatch: confirm this number for fraud alerts (link valid 15 minutes): https://x.test/v/1',
    );
    expect(helpText('(916) 555-0100', 'help@x.test')).toBe(
      'DeedWatch property-fraud alerts. Help: (916) 555-0100 (Mon-Fri 8AM-5PM PST) or help@x.test. Reply STOP to stop texts, START to resume.',
    );
  });

  it('are Spanish for a Spanish subscriber, in GSM-7 and no more segments than English', () => {
    // A sign-in code is 43 characters of base64url.
    const realLink = `https://deedwatch.example.org/verify-sms/${'Ab3_'.repeat(10)}xY9`;
    const texts = [
      [alertText(alert, 'es'), alertText(alert)],
      [alertText({ ...alert, level: 'check' }, 'es'), alertText({ ...alert, level: 'check' })],
      [verifySmsText('https://x.test/v/1', 15, 'es'), verifySmsText('https://x.test/v/1', 15)],
      [helpText('(916) 555-0100', 'help@x.test', 'es'), helpText('(916) 555-0100', 'help@x.test')],
      // As sent: a verification link of a real code, and the support details as shipped.
      [verifySmsText(realLink, 10, 'es'), verifySmsText(realLink, 10)],
      [
        helpText('(800) 555-0142', 'support@deedwatch.localhost', 'es'),
        helpText('(800) 555-0142', 'support@deedwatch.localhost'),
      ],
    ] as const;
    // The type in Spanish, its accents taken off to stay in GSM-7 ("concesión").
    expect(texts[0][0]).toBe(
      `DeedWatch Actue ya: se ha registrado en el condado de Sacramento el documento 202411220001234: Escritura de concesion. Detalles: ${alert.eventUrl} Responda STOP para cancelar los textos.`,
    );
    expect(texts[3][0]).toContain('Responda STOP');
    // A concatenated GSM-7 text carries 153 characters a segment.
    const segments = (text: string) => (text.length <= 160 ? 1 : Math.ceil(text.length / 153));
    for (const [spanish, english] of texts) {
      expect(spanish).toMatch(GSM7);
      expect(segments(spanish)).toBeLessThanOrEqual(segments(english));
    }
  });

  it('name every type the product knows in Spanish in GSM-7, in as many segments as English', () => {
    const segments = (text: string) => (text.length <= 160 ? 1 : Math.ceil(text.length / 153));
    for (const type of Object.keys(DOCUMENT_TYPE_NAMES)) {
      const spanish = alertText({ ...alert, documentType: type }, 'es');
      expect(spanish).toMatch(GSM7);
      expect(spanish).not.toContain(type);
      expect(segments(spanish)).toBeLessThanOrEqual(
        segments(alertText({ ...alert, documentType: type })),
      );
    }
    expect(
      alertText({ ...alert, documentType: 'AFFIDAVIT OF DEATH OF JOINT TENANT' }, 'es'),
    ).toContain(': Declaracion jurada de fallecimiento de copropietario.');
  });

  it('give a type they do not know as it came, and English types unchanged', () => {
    expect(alertText({ ...alert, documentType: 'OWNERS NOTICE' }, 'es')).toContain(
      'documento 202411220001234: OWNERS NOTICE.',
    );
    expect(alertText({ ...alert, documentType: 'DEED OF TRUST' })).toContain(
      ': DEED OF TRUST recorded in Sacramento County',
    );
    // No article to get wrong before a type that starts with a vowel.
    expect(alertText({ ...alert, documentType: 'AFFIDAVIT OF DEATH OF JOINT TENANT' })).toBe(
      `DeedWatch Act now: AFFIDAVIT OF DEATH OF JOINT TENANT recorded in Sacramento County, document 202411220001234. Details: ${alert.eventUrl} Reply STOP to stop texts.`,
    );
  });
});

describe('GSM-7', () => {
  it('takes the accents GSM-7 lacks off, and keeps the letters it has', () => {
    expect(inGsm7('Declaración única, límite, Ñandú, déjà vu, Über')).toBe(
      'Declaracion unica, limite, Ñandu, déjà vu, Über',
    );
    expect(inGsm7('ÁÍÓÚ')).toBe('AIOU');
  });
});
