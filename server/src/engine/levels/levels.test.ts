import { isPhone, levelDocumentType, normalisePhoneNumber } from '@deedwatch/rules';
import { describe, expect, it } from 'vitest';
import { levelHeadline, levelSubject, whatItDoes, whatWasRecorded } from './levels.ts';

// 19:00 UTC on 24 November 2026 is 11:00 in Sacramento.
const recordedAt = new Date('2026-11-24T19:00:00Z');
const say = (
  documentType: string,
  subject: 'grantor' | 'grantee' | 'property',
  property: string | null = '123 MAIN ST',
) => whatItDoes({ documentType, subject, property, countyName: 'Sacramento', recordedAt });

describe('whatItDoes', () => {
  it('says in plain words what a deed does and to whom, then where and when it was recorded', () => {
    expect(say('GRANT DEED', 'grantor')).toBe(
      'A deed transferring 123 MAIN ST from you was recorded in Sacramento County on 11/24/2026.',
    );
    expect(say('QUITCLAIM DEED', 'grantee')).toBe(
      'A deed transferring 123 MAIN ST to you was recorded in Sacramento County on 11/24/2026.',
    );
    expect(say('Trust Transfer Deed', 'property')).toBe(
      'A deed transferring 123 MAIN ST was recorded in Sacramento County on 11/24/2026.',
    );
    expect(say('GRANT DEED', 'grantor', null)).toBe(
      'A deed transferring property from you was recorded in Sacramento County on 11/24/2026.',
    );
  });

  it('tells a loan, a foreclosure step, a claim and a release apart, whatever the words around them', () => {
    expect(say('DEED OF TRUST', 'grantor')).toBe(
      'A loan secured by 123 MAIN ST, naming you as the borrower, was recorded in Sacramento County on 11/24/2026.',
    );
    expect(say('DEED OF TRUST AND ASSIGNMENT OF RENTS', 'grantee')).toBe(
      'A loan naming you as the lender was recorded in Sacramento County on 11/24/2026.',
    );
    expect(say('ASSIGNMENT OF DEED OF TRUST', 'property')).toBe(
      'An assignment of a loan affecting 123 MAIN ST was recorded in Sacramento County on 11/24/2026: the loan has a new holder.',
    );
    expect(say("NOTICE OF TRUSTEE'S SALE", 'grantor')).toMatch(
      /^A notice of trustee's sale naming you was recorded .*: a foreclosure sale has been set\.$/,
    );
    expect(say("TRUSTEE'S DEED UPON SALE", 'property')).toMatch(/^A deed transferring 123 MAIN ST/);
    expect(say('NOTICE OF DEFAULT', 'property')).toMatch(
      /^A notice of default affecting 123 MAIN ST .*may foreclose\.$/,
    );
    expect(say('MECHANICS LIEN', 'property')).toMatch(/^A lien against 123 MAIN ST was recorded/);
    expect(say('ABSTRACT OF JUDGMENT', 'grantee')).toMatch(/^A judgment naming you was recorded/);
    expect(say('SUBSTITUTION OF TRUSTEE AND FULL RECONVEYANCE', 'grantor')).toMatch(
      /^A reconveyance naming you .*: a loan has been paid off and released\.$/,
    );
    expect(say('SATISFACTION OF JUDGMENT', 'grantor')).toMatch(/^A release naming you/);
    expect(say('LIS PENDENS', 'grantor')).toMatch(/^A notice of a lawsuit \(lis pendens\)/);
  });

  it('names a type it does not know as it is, with whom it names', () => {
    expect(say('AGREEMENT', 'grantor')).toBe(
      'An agreement naming you as grantor was recorded in Sacramento County on 11/24/2026.',
    );
    expect(say('POWER OF ATTORNEY', 'property')).toBe(
      'A power of attorney affecting 123 MAIN ST was recorded in Sacramento County on 11/24/2026.',
    );
  });
});

describe('whatWasRecorded', () => {
  const recorded = (
    documentType: string,
    subject: 'grantor' | 'grantee' | 'property',
    name: string | null,
    language: 'en' | 'es' = 'en',
  ) =>
    whatWasRecorded(
      {
        documentType,
        subject,
        name,
        property: '123 MAIN ST',
        countyName: 'Sacramento',
        recordedAt,
      },
      language,
    );

  it('says what was recorded of the guarded name or property, to someone it does not name', () => {
    expect(recorded('GRANT DEED', 'grantor', 'JANE ROE')).toBe(
      'A grant deed naming JANE ROE as grantor was recorded in Sacramento County on 11/24/2026.',
    );
    expect(recorded('AFFIDAVIT OF DEATH', 'grantee', 'JANE ROE')).toBe(
      'An affidavit of death naming JANE ROE as grantee was recorded in Sacramento County on 11/24/2026.',
    );
    expect(recorded('DEED OF TRUST', 'property', null)).toBe(
      'A deed of trust affecting 123 MAIN ST was recorded in Sacramento County on 11/24/2026.',
    );
    expect(recorded('GRANT DEED', 'grantor', 'JANE ROE', 'es')).toBe(
      'Un documento de tipo «Escritura de concesión» en el que JANE ROE figura como otorgante se registró en el condado de Sacramento el 24/11/2026.',
    );
  });
});

describe('levelHeadline', () => {
  it('leads with the level and keeps what the document does, without its explanation', () => {
    expect(levelHeadline('act_now', say('NOTICE OF DEFAULT', 'grantor'))).toBe(
      'Act now: A notice of default naming you was recorded in Sacramento County on 11/24/2026',
    );
    expect(levelHeadline('records', say('FULL RECONVEYANCE', 'grantor'))).toBe(
      'For your records: A reconveyance naming you was recorded in Sacramento County on 11/24/2026',
    );
    expect(levelHeadline('check', say('GRANT DEED', 'grantee'), true)).toBe(
      'Check, possible match: A deed transferring 123 MAIN ST to you was recorded in Sacramento County on 11/24/2026',
    );
  });
});

describe('levelSubject', () => {
  it('is the property for an APN or address match, else the party role', () => {
    expect(levelSubject('apn', null)).toBe('property');
    expect(levelSubject('address', null)).toBe('property');
    expect(levelSubject('name', 'grantor')).toBe('grantor');
    expect(levelSubject('name', 'grantee')).toBe('grantee');
  });
});

describe('the shared rules', () => {
  it('key document types as the database does: apostrophes dropped, spaces collapsed, upper-cased', () => {
    expect(levelDocumentType('  notice of  trustee’s\tsale ')).toBe('NOTICE OF TRUSTEES SALE');
    expect(levelDocumentType("Sheriff's Deed")).toBe('SHERIFFS DEED');
  });

  it('take a phone number a person can call, and nothing else', () => {
    for (const phone of [
      '(916) 874-6334',
      '916.874.6334',
      '1-916-874-6334',
      '+44 20 7946 0958',
      '916-874-6334 x12',
      '916 874 6334 ext. 4',
    ])
      expect(isPhone(phone), phone).toBe(true);
    for (const phone of [
      '874-6334',
      'call us',
      '916-874-63345',
      '+1',
      '916-874-6334 ext',
      'x123',
      '+12345678901234567',
    ])
      expect(isPhone(phone), phone).toBe(false);
    expect(normalisePhoneNumber('(916) 874-6334')).toBe('+19168746334');
    expect(normalisePhoneNumber('874-6334')).toBeUndefined();
  });
});
