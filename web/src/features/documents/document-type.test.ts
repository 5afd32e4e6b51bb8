import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { documentTypeLabel } from './document-type';

describe('document types', () => {
  it('are in Spanish legal terms on the Spanish site', () => {
    const t = i18n.getFixedT('es');
    expect(documentTypeLabel(t, 'GRANT DEED')).toBe('Escritura de concesión');
    expect(documentTypeLabel(t, 'QUITCLAIM DEED')).toBe('Escritura de renuncia');
    expect(documentTypeLabel(t, 'DEED OF TRUST')).toBe('Escritura de fideicomiso');
    expect(documentTypeLabel(t, 'NOTICE OF DEFAULT')).toBe('Aviso de incumplimiento');
    expect(documentTypeLabel(t, 'FULL RECONVEYANCE')).toBe(
      'Liberación total de escritura de fideicomiso',
    );
  });

  it('are known however the index writes them: any case, spacing or apostrophe', () => {
    const t = i18n.getFixedT('es');
    expect(documentTypeLabel(t, " trustee's  deed upon sale")).toBe(
      'Escritura del fiduciario tras la venta',
    );
    expect(documentTypeLabel(t, 'Grant Deed')).toBe('Escritura de concesión');
  });

  it('are shown as they came in English, and an unknown one in every language', () => {
    expect(documentTypeLabel(i18n.getFixedT('en'), 'GRANT DEED')).toBe('GRANT DEED');
    expect(documentTypeLabel(i18n.getFixedT('en'), "TRUSTEE'S DEED")).toBe("TRUSTEE'S DEED");
    expect(documentTypeLabel(i18n.getFixedT('es'), 'OWNERS NOTICE')).toBe('OWNERS NOTICE');
  });
});
