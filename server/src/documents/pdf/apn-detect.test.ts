import { describe, expect, it } from 'vitest';
import { detectApns } from './apn-detect.ts';

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

  it('finds nothing in text without numbers', () => {
    expect(detectApns('', SAC)).toEqual([]);
    expect(detectApns('GRANT DEED', SAC)).toEqual([]);
  });

  it('refuses a mask with other characters', () => {
    expect(() => detectApns('123', '000/000')).toThrow(RangeError);
    expect(() => detectApns('123', '000--000')).toThrow(RangeError);
  });
});
