import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { normaliseDocumentTypes } from '@deedwatch/rules';
import { CountySchema, formValuesOf, updateBody } from './county-form';
import { makeCounty } from './test-helpers';

describe('normaliseDocumentTypes', () => {
  it('trims, collapses spaces, upper-cases, drops blanks and keeps the first of each', () => {
    expect(
      normaliseDocumentTypes([' grant  deed ', 'Grant Deed', '', '  ', 'lien', 'LIEN']),
    ).toEqual(['GRANT DEED', 'LIEN']);
  });
});

describe('the Edit County form', () => {
  /** The message the form shows per field: the first of its issues. */
  const messages = (values: unknown) => {
    const result = v.safeParse(CountySchema, values);
    if (result.success) return [];
    const first = new Map<string, string>();
    for (const issue of result.issues) {
      const field = v.getDotPath(issue) ?? '';
      if (!first.has(field)) first.set(field, issue.message);
    }
    return [...first.values()];
  };

  it('requires name, code, masks, format, link URL and the alert template', () => {
    const blank = {
      ...formValuesOf(makeCounty()),
      name: ' ',
      code: '',
      uiMask: '',
      dataMask: '',
      format: '',
      linkUrl: '',
      alertTemplateAlias: '',
    };
    expect(messages(blank)).toEqual([
      'Name is required',
      'Code is required',
      'UI Mask is required',
      'Data Mask is required',
      'Format is required',
      'Link URL is required',
      'Alert Email Template is required',
    ]);
  });

  it('leaves the mailer paths and the inbox folder optional', () => {
    const values = {
      ...formValuesOf(makeCounty()),
      mailerTemplatePath: '',
      mailerOutputPath: '',
      inboxPath: '',
    };
    expect(messages(values)).toEqual([]);
  });

  it('checks the fraud contact as the server does, each field optional', () => {
    const base = formValuesOf(makeCounty());
    expect(
      messages({
        ...base,
        fraudContactName: 'Fraud Unit',
        fraudContactPhone: '(916) 874-6334 x12',
        fraudContactEmail: 'fraud@county.example.gov',
        fraudContactUrl: 'https://county.example.gov/fraud',
      }),
    ).toEqual([]);
    expect(
      messages({
        ...base,
        fraudContactPhone: 'ask at the desk',
        fraudContactEmail: 'fraud at county',
        fraudContactUrl: 'county.example.gov',
      }),
    ).toEqual([
      'Fraud Contact Phone must be a phone number: 10 digits, or + and the country code (an extension after x is fine)',
      'Enter an email address',
      'Enter an http(s) address',
    ]);
  });

  it('keeps one level row per document type and subject, and sends the types as the server keys them', () => {
    const row = (documentType: string) => ({ documentType, subject: 'grantee', level: 'act_now' });
    expect(
      messages({
        ...formValuesOf(makeCounty()),
        levelOverrides: [row('Grant Deed'), row(' GRANT  DEED ')],
      }),
    ).toEqual(['A document type has the same row twice: keep one']);
    expect(messages({ ...formValuesOf(makeCounty()), levelOverrides: [row('  ')] })).toEqual([
      'Document type is required',
    ]);
    const body = updateBody(1, {
      ...formValuesOf(makeCounty()),
      levelOverrides: [
        { documentType: " trustee's  deed ", subject: 'property', level: 'records' },
      ],
    });
    expect(body.levelOverrides).toEqual([
      { documentType: 'TRUSTEES DEED', subject: 'property', level: 'records' },
    ]);
  });

  it('checks the code, the masks and the link as the server does', () => {
    const values = {
      ...formValuesOf(makeCounty()),
      code: 'sa-c',
      uiMask: '000x',
      linkUrl: 'ftp://example.com',
    };
    expect(messages(values)).toEqual([
      'Use capital letters, digits and _ only',
      'Use 0 for a digit, a for a letter, and -',
      'Enter an http(s) address',
    ]);
  });

  it('sends every field trimmed, by its API name, with the id and normalised document types', () => {
    const county = makeCounty({ id: 9 });
    const body = updateBody(9, {
      ...formValuesOf(county),
      name: ' Sacramento ',
      mailerDocumentTypes: ['grant deed', 'GRANT DEED'],
      inboxPath: ' /srv/feeds ',
    });
    const { id: _id, ...fields } = county;
    expect(body).toEqual({
      ...fields,
      id: 9,
      mailerDocumentTypes: ['GRANT DEED'],
      inboxPath: '/srv/feeds',
    });
  });
});
