import { describe, expect, it } from 'vitest';
import { parsePhone } from './phone.ts';

describe('parsePhone', () => {
  it('reads a national number in the default country and a + number as E.164', () => {
    expect(parsePhone('(916) 555-0142', ['US'])).toEqual({ ok: true, e164: '+19165550142' });
    expect(parsePhone(' 916.555.0142 ', ['US'])).toEqual({ ok: true, e164: '+19165550142' });
    expect(parsePhone('+1 916 555 0142', ['US'])).toEqual({ ok: true, e164: '+19165550142' });
    expect(parsePhone('020 7946 0958', ['GB', 'US'])).toEqual({ ok: true, e164: '+442079460958' });
  });

  it('refuses what is not a number, with the way to write one', () => {
    for (const input of ['55501', '', 'call me', '+1 555 555 5555', '9'.repeat(41)]) {
      const check = parsePhone(input, ['US']);
      expect(check.ok, input).toBe(false);
      if (!check.ok) {
        expect(check.error.statusCode).toBe(400);
        expect(check.error.message).toMatch(/whole number with its area code/);
        expect(check.error.messageIn('es')).toMatch(/número completo con su código de área/);
      }
    }
  });

  it('refuses a number of a country the counties do not take, naming both in the language', () => {
    const check = parsePhone('+44 20 7946 0958', ['US', 'CA']);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.error.message).toBe(
      'Numbers from United Kingdom cannot receive alerts for your counties: use a number from United States or Canada.',
    );
    expect(check.error.messageIn('es')).toBe(
      'Los números de Reino Unido no pueden recibir alertas de sus condados: use un número de Estados Unidos o Canadá.',
    );
  });
});
