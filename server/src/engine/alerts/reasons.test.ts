import { DOCUMENT_TYPE_NAMES } from '@deedwatch/rules';
import { describe, expect, it } from 'vitest';
import { matchName } from '../../keys/names.ts';
import { countyInWords, levelHeadline, levelLabel, whatItDoes } from '../levels/levels.ts';
import { possibleBecause, reasonOf } from './reasons.ts';

// Pairs of (guarded, recorded) names that match by each rule.
const PAIRS: [string, string][] = [
  ['PUBLIC JANE Q', 'PUBLIC JANE Q'],
  ['ACME HOLDINGS LLC', 'ACME HOLDINGS LLC'],
  ['PUBLIC JANE Q', 'JANE Q PUBLIC'],
  ['PUBLIC JANE', 'PUBLIC JANE QUINCY'],
  ['PUBLIC JANE QUINCY', 'PUBLIC JANE Q'],
  ['PUBLIC JANE QUINCY', 'PUBLIC JANE QUINCY ANN'],
  ['SMITH ROBERT', 'SMITH BOB'],
  ['SMITH ROBERT', 'SMITH R'],
  ['GARCIA-LOPEZ MARIA', 'GARCIA MARIA'],
  ['JOHNSTON MARY', 'JOHNSON MARY'],
];

const byName = (guarded: string, matched: string) => ({
  match_kind: 'name',
  matched_value: matched,
  is_exact: false,
  guarded: { name: guarded },
});

describe('reasons in the subscriber language', () => {
  it('says a name match in English exactly as the matcher does', () => {
    for (const [guarded, recorded] of PAIRS) {
      const match = matchName(guarded, recorded);
      expect(match.matched, `${guarded} / ${recorded}`).toBe(true);
      expect(reasonOf(byName(guarded, recorded))).toBe(match.reason);
      expect(reasonOf(byName(guarded, recorded), 'en')).toBe(match.reason);
    }
  });

  it('says every name match in Spanish, with the names it compares', () => {
    const spanish = PAIRS.map(([g, c]) => reasonOf(byName(g, c), 'es'));
    expect(spanish[0]).toBe('Mismo nombre: PUBLIC JANE Q');
    expect(spanish[6]).toMatch(
      /^Mismo apellido, SMITH; BOB y ROBERT son formas de un mismo nombre/,
    );
    for (const [i, text] of spanish.entries()) {
      expect(text, PAIRS[i]!.join(' / ')).not.toBe(matchName(...PAIRS[i]!).reason);
      expect(text).not.toMatch(/\b(Same|surname|given)\b/);
    }
  });

  it('says a property match in each language', () => {
    // The document's APN as its index wrote it; the guarded one in the county's format, which
    // is the one a subscriber knows (the two have the same key).
    const apn = {
      match_kind: 'apn',
      matched_value: '0120345006',
      is_exact: true,
      guarded: { apn: '012-0345-006', address: '123 MAIN ST' },
    };
    expect(reasonOf(apn)).toBe('The document names APN 012-0345-006.');
    expect(reasonOf(apn, 'es')).toBe('El documento menciona el APN 012-0345-006.');
    const near = { ...apn, match_kind: 'address', matched_value: '123 MAINE ST', is_exact: false };
    expect(reasonOf(near)).toBe(
      'The document names 123 MAINE ST: the same house number and zip as 123 MAIN ST, and a similar street.',
    );
    expect(reasonOf(near, 'es')).toBe(
      'El documento menciona 123 MAINE ST: el mismo número de casa y código postal que 123 MAIN ST, y una calle parecida.',
    );
  });

  it('says why a match is only possible in each language', () => {
    expect(possibleBecause('SMITH ROBERT', 'SMITH R')).toBe('only the first initial matches');
    expect(possibleBecause('SMITH ROBERT', 'SMITH R', 'es')).toBe(
      'solo coincide la inicial del nombre',
    );
    expect(possibleBecause('SMITH ROBERT', 'SMITH ROBERT', 'es')).toBe('es un nombre común');
  });

  const deed = {
    documentType: 'GRANT DEED',
    subject: 'grantor' as const,
    property: '123 MAIN ST',
    countyName: 'Sacramento',
    recordedAt: new Date('2024-11-22T06:30:00Z'),
  };

  it('says what a document does, and the headline, in Spanish with the date day first', () => {
    const input = deed;
    expect(whatItDoes(input)).toBe(
      'A deed transferring 123 MAIN ST from you was recorded in Sacramento County on 11/21/2024.',
    );
    const es = whatItDoes(input, 'es');
    expect(es).toBe(
      'Una escritura que transfiere 123 MAIN ST de usted a otra persona se registró en el condado de Sacramento el 21/11/2024.',
    );
    expect(levelHeadline('act_now', es, true, 'es')).toBe(
      'Actúe ya, posible coincidencia: Una escritura que transfiere 123 MAIN ST de usted a otra persona se registró en el condado de Sacramento el 21/11/2024',
    );
    expect(levelLabel('records', 'es')).toBe('Para sus archivos');
    expect(countyInWords('Yolo County', 'es')).toBe('condado de Yolo');
    expect(countyInWords('Yolo', 'es')).toBe('condado de Yolo');
    expect(countyInWords('Yolo County')).toBe('Yolo County');
  });

  it('quotes a type it has no sentence for as the county wrote it in Spanish, lower-cased in English', () => {
    const input = { ...deed, documentType: 'NOTICE OF COMPLETION', subject: 'property' as const };
    expect(whatItDoes(input, 'es')).toBe(
      'Un documento de tipo «NOTICE OF COMPLETION» que afecta a 123 MAIN ST se registró en el condado de Sacramento el 21/11/2024.',
    );
    expect(whatItDoes({ ...input, subject: 'grantor' }, 'es')).toBe(
      'Un documento de tipo «NOTICE OF COMPLETION» en el que usted figura como otorgante se registró en el condado de Sacramento el 21/11/2024.',
    );
    expect(whatItDoes({ ...input, subject: 'grantee' }, 'es')).toBe(
      'Un documento de tipo «NOTICE OF COMPLETION» en el que usted figura como adquirente se registró en el condado de Sacramento el 21/11/2024.',
    );
    expect(whatItDoes(input)).toBe(
      'A notice of completion affecting 123 MAIN ST was recorded in Sacramento County on 11/21/2024.',
    );
    // A type the product knows has a sentence of its own, which says what it does in Spanish.
    for (const documentType of Object.keys(DOCUMENT_TYPE_NAMES)) {
      for (const subject of ['grantor', 'grantee', 'property'] as const) {
        expect(whatItDoes({ ...input, documentType, subject }, 'es')).not.toContain('de tipo «');
      }
    }
  });
});
