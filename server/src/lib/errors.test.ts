import { describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, INVALID_EMAIL, NO_ITEMS } from '../modules/user/user.service.ts';
import { INVALID_LINK } from '../modules/auth/auth.service.ts';
import { SMS_NOT_OFFERED } from '../modules/auth/auth-mail.ts';
import { INVALID_CONTACT_LINK } from '../modules/trusted-contacts/trusted-contacts.service.ts';
import { acceptedLanguages } from '../plugins/error-handler.ts';
import { HttpError, said, unauthorized } from './errors.ts';

describe('errors told in the request language', () => {
  it('keep English as their message, and say the catalog entry in Spanish', () => {
    const err = said(409, 'errors.alreadyReported', { document: 'D-1', caseNumber: '12' });
    expect(err).toBeInstanceOf(HttpError);
    expect(err.statusCode).toBe(409);
    expect(err.message).toBe(
      'You already reported document D-1: it is case 12. Download its packet from the alert.',
    );
    expect(err.messageIn('es')).toBe(
      'Usted ya denunció el documento D-1: es el caso 12. Descargue su expediente desde la alerta.',
    );
    expect(unauthorized().messageIn('es')).toBe('Debe iniciar sesión para hacer eso.');
    // An account gone between its session and the call (a race no route test can stage).
    expect(said(404, 'errors.accountNotFound').messageIn('es')).toBe('No se encontró la cuenta.');
    // A message of its own stays as it is in any language.
    expect(unauthorized('Session ended.').messageIn('es')).toBe('Session ended.');
  });

  it('say in English exactly what the constants other code compares with say', () => {
    expect(said(409, 'errors.emailTaken').message).toBe(EMAIL_TAKEN);
    expect(said(400, 'errors.invalidEmail').message).toBe(INVALID_EMAIL);
    expect(said(400, 'errors.noItems').message).toBe(NO_ITEMS);
    expect(said(401, 'errors.invalidLink').message).toBe(INVALID_LINK);
    expect(said(400, 'errors.smsNotOffered').message).toBe(SMS_NOT_OFFERED);
    expect(said(404, 'errors.invalidContactLink').message).toBe(INVALID_CONTACT_LINK);
  });

  it('read Accept-Language by preference', () => {
    expect(acceptedLanguages('es-MX,es;q=0.9,en;q=0.8')).toEqual(['es-MX', 'es', 'en']);
    expect(acceptedLanguages('en;q=0.5, es')).toEqual(['es', 'en']);
    expect(acceptedLanguages('fr, *;q=0.1, es;q=0')).toEqual(['fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
