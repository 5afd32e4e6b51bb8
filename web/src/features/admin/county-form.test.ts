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
