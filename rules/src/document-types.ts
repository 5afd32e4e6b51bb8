/**
 * The names of the document types the product knows, shared by the server (emails, texts, the
 * case packet, the dashboard's sentences) and the web app: the one place a type is translated.
 */
import { levelDocumentType } from './fraud-response.ts';
import type { Language } from './language.ts';

/** The languages that translate a type: English shows it as the county's index writes it. */
type Translated = Exclude<Language, 'en'>;

/**
 * Each type the product knows, by the type as the level tables key it (levelDocumentType:
 * apostrophes dropped, spaces collapsed, upper-cased), with its name in each language that
 * translates it, in the terms of Spanish-language California recording practice. The list is
 * the server's default level table (migration 0023).
 */
export const DOCUMENT_TYPE_NAMES: Readonly<Partial<Record<string, Record<Translated, string>>>> = {
  'GRANT DEED': { es: 'Escritura de concesión' },
  'QUITCLAIM DEED': { es: 'Escritura de renuncia' },
  'QUIT CLAIM DEED': { es: 'Escritura de renuncia' },
  'WARRANTY DEED': { es: 'Escritura con garantía' },
  'TRUST TRANSFER DEED': { es: 'Escritura de transferencia a fideicomiso' },
  'INTERSPOUSAL TRANSFER DEED': { es: 'Escritura de transferencia entre cónyuges' },
  'INTERSPOUSAL TRANSFER GRANT DEED': { es: 'Escritura de concesión entre cónyuges' },
  'GIFT DEED': { es: 'Escritura de donación' },
  DEED: { es: 'Escritura' },
  'TRANSFER ON DEATH DEED': { es: 'Escritura de transferencia por fallecimiento' },
  'REVOCABLE TRANSFER ON DEATH DEED': {
    es: 'Escritura revocable de transferencia por fallecimiento',
  },
  'AFFIDAVIT OF DEATH OF JOINT TENANT': {
    es: 'Declaración jurada de fallecimiento de copropietario',
  },
  'TRUSTEES DEED': { es: 'Escritura del fiduciario' },
  'TRUSTEES DEED UPON SALE': { es: 'Escritura del fiduciario tras la venta' },
  'SHERIFFS DEED': { es: 'Escritura del alguacil' },
  'TAX DEED': { es: 'Escritura por venta fiscal' },
  'DEED OF TRUST': { es: 'Escritura de fideicomiso' },
  'SHORT FORM DEED OF TRUST': { es: 'Escritura de fideicomiso abreviada' },
  'DEED OF TRUST AND ASSIGNMENT OF RENTS': { es: 'Escritura de fideicomiso y cesión de rentas' },
  MORTGAGE: { es: 'Hipoteca' },
  'NOTICE OF DEFAULT': { es: 'Aviso de incumplimiento' },
  'NOTICE OF DEFAULT AND ELECTION TO SELL': { es: 'Aviso de incumplimiento y decisión de vender' },
  'NOTICE OF TRUSTEES SALE': { es: 'Aviso de venta por el fiduciario' },
  'NOTICE OF SALE': { es: 'Aviso de venta' },
  'LIS PENDENS': { es: 'Aviso de litigio pendiente (lis pendens)' },
  'NOTICE OF PENDENCY OF ACTION': { es: 'Aviso de demanda pendiente' },
  LIEN: { es: 'Gravamen' },
  'NOTICE OF LIEN': { es: 'Aviso de gravamen' },
  'MECHANICS LIEN': { es: 'Gravamen de constructor' },
  'TAX LIEN': { es: 'Gravamen fiscal' },
  'FEDERAL TAX LIEN': { es: 'Gravamen fiscal federal' },
  'STATE TAX LIEN': { es: 'Gravamen fiscal estatal' },
  'NOTICE OF DELINQUENT ASSESSMENT': { es: 'Aviso de cuotas de asociación vencidas' },
  'ABSTRACT OF JUDGMENT': { es: 'Extracto de sentencia' },
  JUDGMENT: { es: 'Sentencia' },
  ASSIGNMENT: { es: 'Cesión' },
  'ASSIGNMENT OF DEED OF TRUST': { es: 'Cesión de escritura de fideicomiso' },
  'ASSIGNMENT OF MORTGAGE': { es: 'Cesión de hipoteca' },
  'SUBSTITUTION OF TRUSTEE': { es: 'Sustitución de fiduciario' },
  EASEMENT: { es: 'Servidumbre' },
  'GRANT OF EASEMENT': { es: 'Concesión de servidumbre' },
  RECONVEYANCE: { es: 'Liberación de escritura de fideicomiso' },
  'FULL RECONVEYANCE': { es: 'Liberación total de escritura de fideicomiso' },
  'PARTIAL RECONVEYANCE': { es: 'Liberación parcial de escritura de fideicomiso' },
  'SUBSTITUTION OF TRUSTEE AND FULL RECONVEYANCE': {
    es: 'Sustitución de fiduciario y liberación total de escritura de fideicomiso',
  },
  RELEASE: { es: 'Liberación' },
  'RELEASE OF LIEN': { es: 'Liberación de gravamen' },
  'RELEASE OF MECHANICS LIEN': { es: 'Liberación de gravamen de constructor' },
  'RELEASE OF FEDERAL TAX LIEN': { es: 'Liberación de gravamen fiscal federal' },
  'WITHDRAWAL OF FEDERAL TAX LIEN': { es: 'Retiro de gravamen fiscal federal' },
  SATISFACTION: { es: 'Constancia de pago' },
  'SATISFACTION OF MORTGAGE': { es: 'Constancia de pago de hipoteca' },
  'SATISFACTION OF JUDGMENT': { es: 'Constancia de cumplimiento de sentencia' },
  'ACKNOWLEDGMENT OF SATISFACTION OF JUDGMENT': {
    es: 'Reconocimiento de cumplimiento de sentencia',
  },
  'RESCISSION OF NOTICE OF DEFAULT': { es: 'Anulación del aviso de incumplimiento' },
};

/**
 * A recorded document's type in `language`: a known type translated (English keeps the words
 * the county's index wrote), any other as it came.
 */
export function documentTypeName(type: string, language: Language): string {
  if (language === 'en') return type;
  return DOCUMENT_TYPE_NAMES[levelDocumentType(type)]?.[language] ?? type;
}
