import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { documentTypeLabel } from './document-type';

describe('document types', () => {
  it('are in Spanish legal terms on the Spanish site', () => {
    expect(documentTypeLabel('GRANT DEED', 'es')).toBe('Escritura de concesión');
    expect(documentTypeLabel('QUITCLAIM DEED', 'es')).toBe('Escritura de renuncia');
    expect(documentTypeLabel('DEED OF TRUST', 'es')).toBe('Escritura de fideicomiso');
    expect(documentTypeLabel('NOTICE OF DEFAULT', 'es')).toBe('Aviso de incumplimiento');
    expect(documentTypeLabel('FULL RECONVEYANCE', 'es')).toBe(
      'Liberación total de escritura de fideicomiso',
    );
  });

  it('are known however the index writes them: any case, spacing or apostrophe', () => {
    expect(documentTypeLabel(" trustee's  deed upon sale", 'es')).toBe(
      'Escritura del fiduciario tras la venta',
    );
    expect(documentTypeLabel('Grant Deed', 'es')).toBe('Escritura de concesión');
  });

  it('are shown as they came in English, and an unknown one in every language', () => {
    expect(documentTypeLabel('GRANT DEED', 'en')).toBe('GRANT DEED');
    expect(documentTypeLabel("TRUSTEE'S DEED", 'en')).toBe("TRUSTEE'S DEED");
    expect(documentTypeLabel('OWNERS NOTICE', 'es')).toBe('OWNERS NOTICE');
  });

  it('follow the language the site shows', async () => {
    await i18n.changeLanguage('es');
    try {
      expect(documentTypeLabel('GRANT DEED')).toBe('Escritura de concesión');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(documentTypeLabel('GRANT DEED')).toBe('GRANT DEED');
  });
});
