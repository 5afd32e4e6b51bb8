import { describe, expect, it } from 'vitest';
import type { Brand } from './templates.ts';
import { alertCopyMail, contactInviteMail } from './trusted-contact-templates.ts';

// A trusted contact's mail speaks to the contact about the subscriber, in the third person: in
// Spanish, whose usted and third person share their verbs, the subscriber is named ("esa
// persona", their email) wherever the sentence would otherwise read as if about the contact.

const brand: Brand = {
  appUrl: 'https://deedwatch.test',
  supportPhone: '(800) 555-0100',
  supportEmail: 'help@deedwatch.test',
};
const LINK = 'https://deedwatch.test/contacts/abc';

describe("a trusted contact's mail in Spanish", () => {
  it('tells the contact about the subscriber, not as if the alert were theirs', () => {
    const copy = alertCopyMail(brand, {
      subscriberEmail: 'vera@example.test',
      contactName: 'Ana',
      headline: 'Actúe ya: Una escritura',
      whatItDoes: 'Una escritura.',
      documentNumber: 'D-1',
      documentType: 'GRANT DEED',
      recordedAt: new Date('2024-11-22T06:30:00Z'),
      countyName: 'Yolo',
      countyLinkUrl: 'https://yolo.example',
      fraudContact: null,
      stopUrl: LINK,
      language: 'es',
    });
    expect(copy.text).toContain(
      'Acabamos de enviar a vera@example.test una alerta urgente, y esta es su copia:',
    );
    expect(copy.text).toContain('si esa persona no esperaba este documento');
    expect(copy.text).toContain(
      'Esa persona puede denunciarlo desde su propio panel de DeedWatch.',
    );
    expect(copy.text).not.toContain('Acabamos de enviarle');
    expect(copy.text).not.toContain('si no esperaba');
  });

  it('invites the contact to copies of the subscriber’s alerts, about documents they may not have signed', () => {
    const invite = contactInviteMail(brand, {
      subscriberEmail: 'vera@example.test',
      contactName: 'Ana',
      acceptUrl: LINK,
      stopUrl: LINK,
      validDays: 14,
      language: 'es',
    });
    expect(invite.text).toContain('una copia de las alertas más urgentes de esa persona');
    expect(invite.text).toContain('un préstamo que quizás esa persona no firmó');
    expect(invite.text).toContain('No verá el panel de esa persona');
  });
});
