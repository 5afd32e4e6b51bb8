import { describe, expect, it } from 'vitest';
import { UNOPENABLE } from '../mail/mail.jobs.ts';
import { unreachableReason } from '../mail/sms.types.ts';
import { stored as en } from './en/stored.ts';
import { errors as esErrors } from './es/errors.ts';
import { stored as es } from './es/stored.ts';
import { MAX_RESAID_LENGTH, resayStored, resayStoredOrNull, storedReason } from './stored.ts';

// The sentences exactly as the code stored them before they came from the catalog: rows
// written then must still be recognised, and new rows must read the same to staff.
const ENGLISH = {
  invalid: 'The carrier says this is not a valid phone number. (Twilio error 21211)',
  cannotText:
    'The carrier says this number cannot receive texts (a landline, or no carrier that takes texts). (Twilio error 21614)',
  unreachable:
    'The carrier could not reach this number (switched off, out of service, or unknown). (Twilio error 30003)',
  notDelivered: 'The carrier did not deliver the text (Twilio error 30008).',
  notDeliveredNoCode: 'The carrier did not deliver the text.',
  workerStopped: 'The worker stopped while sending; it may have been sent.',
  unopenable: 'The queued message could not be opened (was SESSION_SECRET changed?).',
  attachmentMissing:
    'The attachment excerpts/SAC-2026-000123.pdf is missing from the document store.',
  disabledByYou: 'Disabled by you.',
  failedForADay: 'Every delivery failed for 24 hours; the last: HTTP 503: down for maintenance',
};

const SPANISH: Record<keyof typeof ENGLISH, string> = {
  invalid:
    'El operador indica que este no es un número de teléfono válido. (Error de Twilio 21211)',
  cannotText:
    'El operador indica que este número no puede recibir mensajes de texto (un teléfono fijo, o sin un operador que los acepte). (Error de Twilio 21614)',
  unreachable:
    'El operador no pudo comunicarse con este número (apagado, fuera de servicio o desconocido). (Error de Twilio 30003)',
  notDelivered: 'El operador no entregó el mensaje de texto (error de Twilio 30008).',
  notDeliveredNoCode: 'El operador no entregó el mensaje de texto.',
  workerStopped: 'El envío se interrumpió a medias; es posible que el mensaje se haya enviado.',
  unopenable: 'No se pudo abrir el mensaje en cola (¿se cambió SESSION_SECRET?).',
  attachmentMissing:
    'Falta el archivo adjunto excerpts/SAC-2026-000123.pdf en el almacén de documentos.',
  disabledByYou: 'Desactivado por usted.',
  failedForADay:
    'Todas las entregas fallaron durante 24 horas; la última: HTTP 503: down for maintenance',
};

describe('stored reasons', () => {
  it('are written in the English they were always written in', () => {
    expect(unreachableReason(21211)).toBe(ENGLISH.invalid);
    expect(unreachableReason(21614)).toBe(ENGLISH.cannotText);
    expect(unreachableReason(30006)).toBe(ENGLISH.cannotText.replace('21614', '30006'));
    expect(unreachableReason(30003)).toBe(ENGLISH.unreachable);
    expect(storedReason('stored.sms.notDelivered', { code: 30008 })).toBe(ENGLISH.notDelivered);
    expect(storedReason('stored.sms.notDeliveredNoCode')).toBe(ENGLISH.notDeliveredNoCode);
    expect(storedReason('stored.mail.workerStopped')).toBe(ENGLISH.workerStopped);
    expect(UNOPENABLE).toBe(ENGLISH.unopenable);
    expect(
      storedReason('stored.mail.attachmentMissing', {
        attachment: 'excerpts/SAC-2026-000123.pdf',
      }),
    ).toBe(ENGLISH.attachmentMissing);
    expect(storedReason('stored.webhooks.disabledByYou')).toBe(ENGLISH.disabledByYou);
    expect(
      storedReason('stored.webhooks.failedForADay', { error: 'HTTP 503: down for maintenance' }),
    ).toBe(ENGLISH.failedForADay);
  });

  it('keep an outside error inside them exactly as it came, braces and all', () => {
    const error = 'HTTP 500: {{code}} $t(stored.webhooks.disabledByYou) <b>&amp;</b>';
    expect(storedReason('stored.webhooks.failedForADay', { error })).toBe(
      `Every delivery failed for 24 hours; the last: ${error}`,
    );
    expect(resayStored(`Every delivery failed for 24 hours; the last: ${error}`, 'es')).toBe(
      `Todas las entregas fallaron durante 24 horas; la última: ${error}`,
    );
  });
});

describe('resayStored', () => {
  it('says each of our sentences in Spanish, with the same values', () => {
    for (const [name, text] of Object.entries(ENGLISH)) {
      expect(resayStored(text, 'es'), name).toBe(SPANISH[name as keyof typeof ENGLISH]);
    }
  });

  it('re-says a nested reason of ours, and only that', () => {
    const nested = `Every delivery failed for 24 hours; the last: ${ENGLISH.disabledByYou}`;
    expect(resayStored(nested, 'es')).toBe(
      'Todas las entregas fallaron durante 24 horas; la última: Desactivado por usted.',
    );
    // Our words around a technical error are re-said; the error itself stays as it came.
    const technical =
      'Every delivery failed for 24 hours; the last: Could not deliver: connect ECONNREFUSED';
    expect(resayStored(technical, 'es')).toBe(
      'Todas las entregas fallaron durante 24 horas; la última: No se pudo entregar: connect ECONNREFUSED',
    );
  });

  it("re-says why a webhook attempt failed, and leaves a receiver's own answer as it sent it", () => {
    const cases: [string, string][] = [
      [
        'HTTP 302: a redirect, which is not followed: give the final URL',
        'HTTP 302: una redirección, que no se sigue: indique la URL final',
      ],
      ['HTTP 500: no body', 'HTTP 500: sin cuerpo'],
      [
        'Could not deliver: no complete answer within 10 s',
        'No se pudo entregar: no hubo una respuesta completa en 10 s',
      ],
      [
        'Could not deliver: the receiver closed the connection',
        'No se pudo entregar: el receptor cerró la conexión',
      ],
      [
        'Refused: hooks.example.com resolves to 10.0.0.7, a private address: webhooks go only to public addresses.',
        'Rechazado: hooks.example.com se resuelve en 10.0.0.7, una dirección privada: los webhooks solo se envían a direcciones públicas.',
      ],
      [
        'Refused: [::1] is a loopback address: webhooks go only to public addresses.',
        'Rechazado: [::1] es una dirección de bucle local (loopback): los webhooks solo se envían a direcciones públicas.',
      ],
      [
        'Refused: nowhere.example does not resolve to an address.',
        'Rechazado: nowhere.example no se resuelve en ninguna dirección.',
      ],
      [
        'Every delivery failed for 24 hours; the last: HTTP 302: a redirect, which is not followed: give the final URL',
        'Todas las entregas fallaron durante 24 horas; la última: HTTP 302: una redirección, que no se sigue: indique la URL final',
      ],
      ['HTTP 503: Service Unavailable', 'HTTP 503: Service Unavailable'],
    ];
    for (const [english, spanish] of cases) expect(resayStored(english, 'es')).toBe(spanish);
  });

  it('has a Spanish entry for every English one, each recognised back from its English', () => {
    const leaves = (tree: object, prefix: string): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]: [string, unknown]) =>
        typeof v === 'string' ? [[`${prefix}.${k}`, v]] : leaves(v as object, `${prefix}.${k}`),
      );
    const spanish = new Map(leaves(es, 'stored'));
    for (const [key, english] of leaves(en, 'stored')) {
      if (english.includes('{{error}}')) continue; // the nested one: tested above
      const fill = (text: string, why: string) =>
        text
          .replace('{{code}}', '42')
          .replace('{{seconds}}', '2.5')
          .replace('{{attachment}}', 'a/b.pdf')
          .replace('{{host}}', 'hooks.example.com')
          .replace('{{address}}', '192.168.1.4')
          .replace('{{why}}', why);
      const filled = fill(english, 'a private address');
      const expected = fill(spanish.get(key)!, esErrors.webhookAddress.private);
      expect(resayStored(filled, 'es'), key).toBe(expected);
    }
  });

  it('leaves everything unchanged for an English reader', () => {
    for (const text of Object.values(ENGLISH)) expect(resayStored(text, 'en')).toBe(text);
  });

  it('leaves unchanged what is not exactly ours: a provider’s words, a near miss, a long text', () => {
    const postmark =
      'You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ann@example.com. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.';
    expect(resayStored(postmark, 'es')).toBe(postmark);
    const twilio = "The 'To' number +15005550001 is not a valid phone number. (Twilio error 21211)";
    expect(resayStored(twilio, 'es')).toBe(twilio);
    for (const near of [
      `${ENGLISH.disabledByYou} `,
      `x${ENGLISH.notDeliveredNoCode}`,
      'The carrier did not deliver the text (Twilio error 3000a).',
      'The carrier did not deliver the text (Twilio error 12345678901).',
      'The attachment a b is missing from the document store.',
      'No se puede entregar.',
    ]) {
      expect(resayStored(near, 'es')).toBe(near);
    }
    const long = `Every delivery failed for 24 hours; the last: ${'x'.repeat(MAX_RESAID_LENGTH)}`;
    expect(resayStored(long, 'es')).toBe(long);
  });

  it('answers quickly on a hostile text of the longest matched length', () => {
    const started = performance.now();
    for (const hostile of [
      `The attachment ${'a'.repeat(MAX_RESAID_LENGTH - 20)}`,
      `Every delivery failed for 24 hours; the last: ${'Every delivery failed for 24 hours; the last: '.repeat(12)}`,
      `The carrier did not deliver the text (Twilio error ${'9'.repeat(500)}).`,
    ]) {
      resayStored(hostile, 'es');
    }
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('keeps an empty column empty', () => {
    expect(resayStoredOrNull(null, 'es')).toBeNull();
    expect(resayStoredOrNull(ENGLISH.disabledByYou, 'es')).toBe('Desactivado por usted.');
  });
});
