import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { apnPattern, detectApns, MAX_MASK_LENGTH, MAX_SEARCHED_TEXT } from './apn-detect.ts';

const SAC = '000-0000-000-0000';
const PLA = '000-000-000-000';
const SDG = '000-000-00-00';
const ALA = '000a-0000-000-00';

describe('detectApns', () => {
  describe('Sacramento (000-0000-000-0000)', () => {
    it('finds the number with dashes, spaces or, after a label, nothing between groups', () => {
      const text = [
        'APN: 012-0345-006-0000',
        'Also affects 013 0345 006 0001 and',
        "Assessor's Parcel No. 01403450060002",
      ].join('\n');
      expect(detectApns(text, SAC)).toEqual([
        '012-0345-006-0000',
        '013-0345-006-0001',
        '014-0345-006-0002',
      ]);
    });

    it('lists a number once, in order of first appearance, however it was written', () => {
      const text = 'A.P.N. 200-0100-001-0000; see 012-0345-006-0000 and APN 20001000010000';
      expect(detectApns(text, SAC)).toEqual(['200-0100-001-0000', '012-0345-006-0000']);
    });

    it('does not match inside a longer run of digits, with or without dashes', () => {
      expect(detectApns('Account 9012034500600001 closed', SAC)).toEqual([]);
      expect(detectApns('APN: 0120345006000012', SAC)).toEqual([]);
      expect(detectApns('Ref 9-012-0345-006-0000', SAC)).toEqual([]);
      expect(detectApns('Ref 012-0345-006-0000-7', SAC)).toEqual([]);
    });

    it('does not take an unlabelled run of digits, nor a partial number', () => {
      expect(detectApns('Escrow 01203450060000', SAC)).toEqual([]);
      expect(detectApns('APN 012-0345-006', SAC)).toEqual([]);
    });

    it('does not join groups written with mixed separators', () => {
      expect(detectApns('012-0345 006-0000', SAC)).toEqual([]);
    });
  });

  describe('Placer (000-000-000-000)', () => {
    it('finds labelled and unlabelled forms and the typographic hyphens PDFs use', () => {
      const text =
        'A. P. N.: 038\u2010123\u2010045\u2010000\nParcel Number\n038123046000\n' +
        'adjoining 038 123 047 000';
      expect(detectApns(text, PLA)).toEqual([
        '038-123-045-000',
        '038-123-046-000',
        '038-123-047-000',
      ]);
    });

    it('ignores a date and a phone number', () => {
      expect(detectApns('Recorded 2024-03-15 09:41:07, call (530) 889-4300', PLA)).toEqual([]);
    });
  });

  describe('San Diego (000-000-00-00)', () => {
    it('finds the number in each form', () => {
      const text =
        'APN 123-456-78-90. Assessor\u2019s Parcel Number: 1234567891\nand 123 456 78 92';
      expect(detectApns(text, SDG)).toEqual(['123-456-78-90', '123-456-78-91', '123-456-78-92']);
    });

    it('does not read a ten-digit phone number as an APN', () => {
      const text =
        'Call 619-555-1234, (619) 555-1234, 619 555 1234 or 6195551234 before 03-15-2024';
      expect(detectApns(text, SDG)).toEqual([]);
    });

    it('does not read a word ending in "apn" as a label', () => {
      expect(detectApns('Escrow # KNAPN 6195551234', SDG)).toEqual([]);
    });
  });

  describe('Alameda (000a-0000-000-00)', () => {
    it('takes a letter where the mask has one, in either case, and formats it upper-case', () => {
      const text = 'APN: 048A-7020-010-00\nA.P.N. 048b 7020 011 00\nAPN #048C702001200';
      expect(detectApns(text, ALA)).toEqual([
        '048A-7020-010-00',
        '048B-7020-011-00',
        '048C-7020-012-00',
      ]);
    });

    it('needs the letter', () => {
      expect(detectApns('APN: 0480-7020-010-00', ALA)).toEqual([]);
    });
  });

  describe('a county whose data mask has no dashes (00000000000000, shown as 000-0000-000-0000)', () => {
    const DATA = '00000000000000';
    const UI = '000-0000-000-0000';

    it('finds a labelled number with dashes anywhere, dots or single spaces, by the data mask alone', () => {
      expect(detectApns('APN: 012-0345-006-0000', DATA)).toEqual(['01203450060000']);
      expect(detectApns('A.P.N. 012.0345.006.0001', DATA)).toEqual(['01203450060001']);
      expect(detectApns('Parcel Number 012 0345 006 0002', DATA)).toEqual(['01203450060002']);
      expect(detectApns('APN 0120-3450-0600-03', DATA)).toEqual(['01203450060003']);
      expect(detectApns('APN: 012\u20110345\u2011006\u20110004', DATA)).toEqual(['01203450060004']);
    });

    it('finds the display form with dashes or spaces without a label, given the display mask', () => {
      const text = 'Affects 012-0345-006-0000 and 013 0345 006 0001; APN 014.0345.006.0002';
      expect(detectApns(text, DATA, UI)).toEqual([
        '01203450060000',
        '01303450060001',
        '01403450060002',
      ]);
    });

    it('needs a label for any other grouping, dots, or mixed separators', () => {
      expect(detectApns('Ref 0120-3450-0600-00', DATA, UI)).toEqual([]);
      expect(detectApns('Ref 012.0345.006.0000', DATA, UI)).toEqual([]);
      expect(detectApns('APN 012-0345 006-0000', DATA, UI)).toEqual([]);
      expect(detectApns('APN 012.0345-006.0000', DATA, UI)).toEqual([]);
    });

    it('takes no part of a longer number, however it is written', () => {
      expect(detectApns('APN 012-0345-006-0000-7', DATA, UI)).toEqual([]);
      expect(detectApns('APN 012.0345.006.0000.7', DATA, UI)).toEqual([]);
      expect(detectApns('APN 012 0345 006 0000 7', DATA)).toEqual([]);
      expect(detectApns('APN 7.012.0345.006.0000', DATA, UI)).toEqual([]);
      expect(detectApns('APN: 012-0345-006-0000.', DATA, UI)).toEqual(['01203450060000']);
    });

    it('ignores a display mask of other digits and letters', () => {
      expect(detectApns('Affects 012-0345-006-000', DATA, '000-0000-000-000')).toEqual([]);
    });
  });

  it('searches only the first MAX_SEARCHED_TEXT characters of a text', () => {
    const filler = 'x'.repeat(MAX_SEARCHED_TEXT - 30);
    expect(detectApns(`${filler} APN: 012-0345-006-0000`, SAC)).toEqual(['012-0345-006-0000']);
    expect(detectApns(`${filler}${' '.repeat(30)}APN: 012-0345-006-0000`, SAC)).toEqual([]);
  });

  it('finds nothing in text without numbers', () => {
    expect(detectApns('', SAC)).toEqual([]);
    expect(detectApns('GRANT DEED', SAC)).toEqual([]);
  });

  it('refuses a mask with other characters', () => {
    expect(() => detectApns('123', '000/000')).toThrow(RangeError);
    expect(() => detectApns('123', '000--000')).toThrow(RangeError);
    expect(() => detectApns('123', '0'.repeat(MAX_MASK_LENGTH + 1))).toThrow(RangeError);
    expect(() => detectApns('123', '000', '000/000')).toThrow(RangeError);
  });

  // A data mask and the display mask it is shown in, as counties set them.
  it.each([
    ['00000000000000', '000-0000-000-0000'],
    ['000000000000', '000-000-000-000'],
    ['000a000000000', '000a-0000-000-00'],
  ])(
    'builds a linear pattern, by recheck, for the data mask %s shown as %s',
    (data, ui) => {
      const pattern = apnPattern(data, ui);
      const result = checkSync(pattern.source, pattern.flags, { timeout: 30_000, randomSeed: 1 });
      expect(result.status).toBe('safe');
    },
    60_000,
  );
});
