import { describe, expect, it } from 'vitest';
import { alertCopyMail, contactInviteMail, greetingName } from './trusted-contact-templates.ts';
import { casePacketMail } from './case-packet-template.ts';
import { digestMail } from './digest-template.ts';
import { historyMail } from './history-template.ts';
import { webhookDisabledMail } from './webhook-disabled-template.ts';
import {
  type Brand,
  magicLinkMail,
  smsUnreachableMail,
  verifyMethodMail,
  welcomeMail,
} from './templates.ts';

const brand: Brand = {
  appUrl: 'https://deedwatch.test',
  supportPhone: '(916) 555-0100',
  supportEmail: 'help@deedwatch.test',
};
const URL = 'https://deedwatch.test/verify-email/abc';

describe('the account mails', () => {
  it('welcome a subscriber in English as before', () => {
    const mail = welcomeMail(brand, URL);
    expect(mail.subject).toBe('Welcome to DeedWatch: please verify your email');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain(`Verify your email: ${URL}`);
    expect(mail.html).toContain('>Verify my email</a>');
  });

  it('welcome a Spanish subscriber in Spanish, with lang="es" and a text part', () => {
    const mail = welcomeMail(brand, URL, 'es');
    expect(mail.subject).toBe('Bienvenido a DeedWatch: verifique su correo electrónico');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('>Verificar mi correo electrónico</a>');
    expect(mail.html).toContain('Si el botón no funciona');
    expect(mail.text).toContain(`Verifique su correo electrónico: ${URL}`);
    expect(mail.text).toContain('¿Preguntas? Llame al (916) 555-0100');
    expect(mail.text.replace(URL, '')).not.toMatch(/\b(the|your|verify)\b/i);
  });

  it('send the sign-in link, a method check and an unreachable phone in each language', () => {
    expect(magicLinkMail(brand, URL, 15).text).toContain('expires in 15 minutes');
    const login = magicLinkMail(brand, URL, 15, 'es');
    expect(login.subject).toBe('Su enlace para iniciar sesión en DeedWatch');
    expect(login.text).toContain('vence en 15 minutos');
    expect(login.html).toContain('<html lang="es">');
    const method = verifyMethodMail(brand, 'a@b.test', URL, 'es');
    expect(method.text).toContain('Confirme que a@b.test debe recibir las alertas de DeedWatch.');
    const phone = smsUnreachableMail(brand, '+19165550100', 'Invalid number.', URL, 'es');
    expect(phone.subject).toBe('DeedWatch no puede enviar mensajes de texto a su teléfono');
    expect(phone.text).toContain('Su panel: ');
  });
});

describe('the other mails in Spanish', () => {
  const isSpanish = (mail: { html: string; text: string }) => {
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).toContain('¿Preguntas?');
  };

  it('the digest, with its counts', () => {
    const item = {
      documentNumber: 'D-1',
      documentType: 'GRANT DEED',
      recordedAt: new Date('2024-11-22T06:30:00Z'),
      countyName: 'Sacramento',
      guardedName: 'GARCIA MARIA',
      partyName: 'GARCIA M',
      partyRole: 'grantee' as const,
      reason: 'Mismo apellido, GARCIA',
      possibleBecause: 'solo coincide la inicial del nombre',
      namesakes: 4,
      documentUrl: 'https://deedwatch.test/documents/x',
    };
    const mail = digestMail(brand, {
      items: [item],
      more: 2,
      dashboardUrl: URL,
      language: 'es',
    });
    isSpanish(mail);
    expect(mail.subject).toBe('DeedWatch: 3 posibles coincidencias que revisar');
    // A known type in Spanish, one it does not know as the county wrote it; English as before.
    expect(mail.text).toContain(
      'Escritura de concesión, documento D-1, registrado el 21/11/2024 en el condado de Sacramento',
    );
    expect(mail.text).toContain(
      'Su nombre protegido GARCIA MARIA; el documento muestra GARCIA M como adquirente, la parte que recibe, sea comprador o prestamista.',
    );
    const unknown = digestMail(brand, {
      items: [{ ...item, documentType: 'OWNERS NOTICE' }],
      more: 0,
      dashboardUrl: URL,
      language: 'es',
    });
    expect(unknown.text).toContain('OWNERS NOTICE, documento D-1, registrado el 21/11/2024');
    const english = digestMail(brand, { items: [item], more: 0, dashboardUrl: URL });
    expect(english.text).toContain(
      'GRANT DEED, document D-1, recorded 11/21/2024 in Sacramento County',
    );
    // Several: spoken of as several.
    const several = digestMail(brand, { items: [item, item], more: 0, dashboardUrl: URL });
    expect(several.text).toContain(
      'so no alert was sent for them; please check whether any is you.',
    );
    expect(mail.text).toContain('Y 2 posibles coincidencias más');
    expect(mail.text).toContain('4 documentos de este condado llevan este nombre.');
  });

  it('the history check', () => {
    const mail = historyMail(brand, {
      findings: [
        { kind: 'property', guarded: '012-0345', countyName: 'Yolo', documents: 1, possible: 0 },
      ],
      documents: 1,
      onRecordUrl: URL,
      language: 'es',
    });
    isSpanish(mail);
    expect(mail.subject).toBe('DeedWatch: 1 documento ya registrado para 012-0345');
    // Named as the dashboard's section is: «Ya registrados».
    expect(mail.text).toContain(`Ya registrados: ${URL}`);
    expect(mail.text).toContain('en su panel, en «Ya registrados»:');
    expect(mail.html).toContain('Ya registrados');
    expect(mail.html).not.toMatch(/Ya registrado\b/);
    expect(mail.text).toContain(
      '- Encontramos 1 documento ya registrado sobre la propiedad 012-0345 en el condado de Yolo.',
    );
  });

  it("a trusted contact's invitation and alert copy, in the subscriber's language", () => {
    const invite = contactInviteMail(brand, {
      subscriberEmail: 'vera@example.test',
      contactName: 'Ana',
      acceptUrl: URL,
      stopUrl: URL,
      validDays: 14,
      language: 'es',
    });
    isSpanish(invite);
    expect(invite.subject).toBe('vera@example.test lo nombró contacto de confianza en DeedWatch');
    expect(invite.text.startsWith('Hola, Ana:')).toBe(true);
    const copy = alertCopyMail(brand, {
      subscriberEmail: 'vera@example.test',
      contactName: '',
      headline: 'Actúe ya: Una escritura',
      whatItDoes: 'Una escritura.',
      documentNumber: 'D-1',
      documentType: 'GRANT DEED',
      recordedAt: new Date('2024-11-22T06:30:00Z'),
      countyName: 'Yolo',
      countyLinkUrl: 'https://yolo.example',
      fraudContact: null,
      stopUrl: URL,
      language: 'es',
    });
    isSpanish(copy);
    expect(copy.subject).toBe('Copia para un contacto de confianza: Actúe ya: Una escritura');
    expect(copy.text).toContain('Tipo de documento: Escritura de concesión');
    expect(copy.text).toContain('Registrador del condado de Yolo: https://yolo.example');
  });

  it("greets a trusted contact by name only when it is a person's short name", () => {
    const invite = (contactName: string) =>
      contactInviteMail(brand, {
        subscriberEmail: 'vera@example.test',
        contactName,
        acceptUrl: URL,
        stopUrl: URL,
        validDays: 14,
      });
    for (const name of ["Ana O'Brien-Núñez", 'J. R. Smith', 'Mom']) {
      expect(invite(name).text.startsWith(`Hello ${name},`), name).toBe(true);
      expect(greetingName(name)).toBe(name);
    }
    // A subscriber's message to a stranger, under our name, is not repeated.
    for (const name of [
      'Pat. ACTION NEEDED: your deed was re-recorded, confirm at https://evil.example/dw',
      'Pat see evil.example',
      'Pat www.evil.example',
      'pat@evil.example',
      'Pat 555-0100',
      'A'.repeat(41),
    ]) {
      const mail = invite(name);
      expect(mail.text.startsWith('Hello,'), name).toBe(true);
      expect(mail.text, name).not.toContain('evil');
      expect(mail.html, name).not.toContain('evil');
    }
  });

  it('the case packet mail and a disabled webhook', () => {
    const input = {
      caseNumber: '12',
      documentNumber: 'D-1',
      documentType: 'GRANT DEED',
      countyName: 'Yolo',
      countyLinkUrl: 'https://yolo.example',
      fraudContact: null,
      caseUrl: URL,
    };
    const packet = casePacketMail(brand, { ...input, language: 'es' });
    isSpanish(packet);
    // The document's type in Spanish when known, as the county wrote it when not; English as before.
    expect(packet.text).toContain(
      'su denuncia de que el documento D-1 (Escritura de concesión, condado de Yolo) no es suyo.',
    );
    expect(packet.html).toContain('(Escritura de concesión, condado de Yolo)');
    expect(
      casePacketMail(brand, { ...input, documentType: 'OWNERS NOTICE', language: 'es' }).text,
    ).toContain('el documento D-1 (OWNERS NOTICE, condado de Yolo)');
    expect(casePacketMail(brand, input).text).toContain(
      'your report that document D-1 (GRANT DEED, Yolo County) was not you.',
    );
    expect(packet.subject).toBe('Caso de DeedWatch 12: su denuncia del documento D-1');
    expect(packet.text).toContain(
      '1. Denúncielo al Registrador del condado de Yolo (https://yolo.example) y entréguele el expediente.',
    );
    expect(packet.html).toContain('href="https://yolo.example"');
    const hook = webhookDisabledMail(brand, {
      url: 'https://hooks.example',
      lastError: 'HTTP 500',
      dashboardUrl: URL,
      language: 'es',
    });
    isSpanish(hook);
    expect(hook.text).toContain('El último intento: HTTP 500');
  });
});
