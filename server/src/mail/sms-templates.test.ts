import { describe, expect, it } from 'vitest';
import { alertText, helpText, verifySmsText } from './sms-templates.ts';

// The GSM-7 basic alphabet: a text in it takes 160 characters a segment, any other letter
// makes it UCS-2 at 70.
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

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
      `DeedWatch Act now: a GRANT DEED was recorded in Sacramento County, document 202411220001234. Details: ${alert.eventUrl} Reply STOP to stop texts.`,
    );
    expect(verifySmsText('https://x.test/v/1', 15)).toBe(
      'DeedWatch: confirm this number for fraud alerts (link valid 15 minutes): https://x.test/v/1',
    );
    expect(helpText('(916) 555-0100', 'help@x.test')).toBe(
      'DeedWatch property-fraud alerts. Help: (916) 555-0100 (Mon-Fri 8AM-5PM PST) or help@x.test. Reply STOP to stop texts, START to resume.',
    );
  });

  it('are Spanish for a Spanish subscriber, in GSM-7 and no more segments than English', () => {
    const texts = [
      [alertText(alert, 'es'), alertText(alert)],
      [alertText({ ...alert, level: 'check' }, 'es'), alertText({ ...alert, level: 'check' })],
      [verifySmsText('https://x.test/v/1', 15, 'es'), verifySmsText('https://x.test/v/1', 15)],
      [helpText('(916) 555-0100', 'help@x.test', 'es'), helpText('(916) 555-0100', 'help@x.test')],
    ] as const;
    expect(texts[0][0]).toBe(
      `DeedWatch Urgente: se ha registrado un GRANT DEED en el condado de Sacramento, documento 202411220001234. Detalles: ${alert.eventUrl} Responda STOP para cancelar los textos.`,
    );
    expect(texts[3][0]).toContain('Responda STOP');
    // A concatenated GSM-7 text carries 153 characters a segment.
    const segments = (text: string) => (text.length <= 160 ? 1 : Math.ceil(text.length / 153));
    for (const [spanish, english] of texts) {
      expect(spanish).toMatch(GSM7);
      expect(segments(spanish)).toBeLessThanOrEqual(segments(english));
    }
  });
});
