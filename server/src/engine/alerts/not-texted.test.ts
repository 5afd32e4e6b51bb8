import { describe, expect, it } from 'vitest';
import { overDailyLimit, overNumberLimit } from './alerts.service.ts';

// The reason an alert was not texted is written once, when the text is skipped, and shown with
// the alert on the dashboard: in the subscriber's language.
describe('why an alert was not texted', () => {
  it('says it in English as the product words it', () => {
    expect(overNumberLimit('en')).toBe(
      'Not texted: this number had its 10 alert texts for today (UTC); the alert went by email only.',
    );
    expect(overDailyLimit(1000, 'en')).toBe(
      'Not texted: DeedWatch sent its 1000 alert texts for today (UTC); the alert went by email only.',
    );
  });

  it('says it in Spanish to a Spanish-speaking subscriber', () => {
    expect(overNumberLimit('es')).toBe(
      'No se envió mensaje de texto: este número ya recibió sus 10 textos de alerta de hoy (UTC); la alerta se envió solo por correo electrónico.',
    );
    expect(overDailyLimit(3, 'es')).toContain('DeedWatch ya envió sus 3 textos de alerta de hoy');
  });
});
