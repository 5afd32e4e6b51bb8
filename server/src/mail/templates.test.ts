import { describe, expect, it } from 'vitest';
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
