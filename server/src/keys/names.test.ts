import { describe, expect, it } from 'vitest';
import { PRODUCT_EXAMPLES } from './labelled-names.ts';
import {
  matchConfidence,
  matchName,
  matchTier,
  middleCompatible,
  namesakePrefixes,
  nameKeys,
  surnameDeletionKeys,
} from './names.ts';

describe('matchName over the product examples', () => {
  // Every labelled pair is measured in name-quality.test.ts; the product's own examples must each
  // get their labelled tier.
  it.each(PRODUCT_EXAMPLES)(
    '$class: $guarded ~ $candidate → $expected',
    ({ guarded, candidate, expected }) => {
      const result = matchName(guarded, candidate);
      expect(result.matched ? result.tier : 'none', result.reason).toBe(expected);
    },
  );
});

describe('matchName', () => {
  it('tells the rules apart, with a tier and a reason', () => {
    expect(matchName('SMITH JOHN A', 'SMITH, JOHN A.')).toMatchObject({
      matched: true,
      rule: 'exact',
      tier: 'exact',
      reason: 'Same name: SMITH JOHN A',
    });
    expect(matchName('SMITH JOHN A', 'SMITH JOHN ALLEN')).toMatchObject({
      matched: true,
      rule: 'variant',
      tier: 'strong',
      reason: 'Same surname and first name, middle initial A matches ALLEN',
    });
    expect(matchName('SMITH JOHN A', 'JOHN A SMITH')).toMatchObject({ rule: 'variant' });
    expect(matchName('SMITH JOHN A', 'SMTIH JOHN A')).toMatchObject({
      matched: true,
      rule: 'typo',
      tier: 'strong',
      reason: 'Surname SMTIH is one letter from SMITH, same first name JOHN',
    });
    expect(matchName('SMITH ROBERT', 'SMITH BOB')).toMatchObject({
      rule: 'nickname',
      tier: 'strong',
    });
    expect(matchName('GARCIA-LOPEZ MARIA', 'GARCIA MARIA')).toMatchObject({
      matched: true,
      rule: 'part',
      tier: 'possible',
      reason: 'GARCIA is one part of the two-part surname GARCIA-LOPEZ, same first name MARIA',
    });
    expect(matchName('SMITH JOHN A', 'SMITH J A')).toMatchObject({
      rule: 'initial',
      tier: 'possible',
    });
  });

  it('keeps the most confident rule when several hold', () => {
    // GARCIA-LOPEZ MARIA vs GARCIALOPEZ MARIA is exact; against GARCIA LOPEZ MARIA the joined
    // reading is a variant, stronger than the part reading GARCIA MARIA.
    expect(matchName('GARCIA-LOPEZ MARIA', 'GARCIALOPEZ MARIA').matched).toBe(true);
    expect(matchName('GARCIA-LOPEZ MARIA', 'GARCIA LOPEZ MARIA')).toMatchObject({
      rule: 'variant',
    });
  });

  it('never matches two people whose suffixes differ', () => {
    expect(matchName('SMITH JOHN A JR', 'SMITH JOHN A SR')).toEqual({
      matched: false,
      reason: 'Different suffixes: SR vs JR, two people',
    });
    expect(matchName('SMITH JOHN II', 'SMITH JOHN 3RD').matched).toBe(false);
    expect(matchName('SMITH JOHN JR', 'SMITH JOHN JUNIOR')).toMatchObject({ rule: 'exact' });
    expect(matchName('SMITH JOHN', 'JR SMITH JOHN')).toMatchObject({ rule: 'exact' });
  });

  it('names the suffix in the reason of an exact match, and one given on one side only', () => {
    expect(matchName('RODRIGUEZ JAMES F II', 'RODRIGUEZ, JAMES F 2ND')).toMatchObject({
      rule: 'exact',
      reason: 'Same name: RODRIGUEZ JAMES F II',
      words: { key: 'reasons.name.same', values: { name: 'RODRIGUEZ JAMES F II' } },
    });
    expect(matchName('RODRIGUEZ JAMES F', 'RODRIGUEZ JAMES F II')).toMatchObject({
      rule: 'exact',
      reason: 'Same name: RODRIGUEZ JAMES F, suffix II given on one side only',
      words: {
        key: 'reasons.name.sameSuffixOneSide',
        values: { name: 'RODRIGUEZ JAMES F', suffix: 'II' },
      },
    });
    expect(matchName('SMITH JOHN A', 'SMITH JOHN A').reason).toBe('Same name: SMITH JOHN A');
  });

  it('says why a name does not match', () => {
    expect(matchName('SMITH JOHN A', 'SMITH JANE').reason).toBe(
      'Different first name: JANE vs JOHN',
    );
    expect(matchName('SMITH JOHN A', 'SMITH JOHN B').reason).toBe('Different middle name: B vs A');
    expect(matchName('SMITH JOHN A', 'JONES JOHN A').reason).toBe(
      'Different surname: JONES vs SMITH',
    );
    expect(matchName('ACME HOLDINGS LLC', 'ACME HOLDINGS INC').reason).toBe(
      'Different business names: ACME HOLDINGS INC vs ACME HOLDINGS LLC',
    );
    expect(matchName('SMITH FAMILY TRUST', 'SMITH JOHN A TR').reason).toBe(
      'SMITH JOHN A is a person, SMITH FAMILY TRUST a trust',
    );
  });

  it('never matches an empty name, not even another empty one', () => {
    expect(matchName('', '').matched).toBe(false);
    expect(matchName('ET AL', 'ET AL').matched).toBe(false);
    expect(matchName('SMITH JOHN', ' , ').matched).toBe(false);
  });

  it('lets a three-letter surname be reached from a four-letter one, as the SQL join does', () => {
    expect(matchName('LEE JOHN', 'LEEK JOHN')).toMatchObject({ matched: true, rule: 'typo' });
  });
});

const base = (surname: string, first: string, middle: string) => ({
  surname,
  first,
  middle,
  form: 'base',
});
const reversed = (surname: string, first: string, middle: string) => ({
  ...base(surname, first, middle),
  form: 'reversed',
});

describe('nameKeys', () => {
  it('reads a person surname-first, and first-last when that differs', () => {
    expect(nameKeys('Smith, John A.')).toEqual({
      nameKind: 'person',
      key: 'SMITH JOHN A',
      suffix: '',
      readings: [base('SMITH', 'JOHN', 'A')],
    });
    expect(nameKeys('JOHN ALLEN SMITH')).toEqual({
      nameKind: 'person',
      key: 'JOHN ALLEN SMITH',
      suffix: '',
      readings: [
        base('JOHN', 'ALLEN', 'SMITH'),
        reversed('SMITH', 'JOHN', 'ALLEN'),
        // The first two words as one surname (GARCIA LOPEZ MARIA = GARCIALOPEZ MARIA).
        { surname: 'JOHNALLEN', first: 'SMITH', middle: '', form: 'alt' },
      ],
    });
    expect(nameKeys('SMITH JOHN').readings).toEqual([
      base('SMITH', 'JOHN', ''),
      reversed('JOHN', 'SMITH', ''),
    ]);
  });

  it('never reads an initial as a surname', () => {
    expect(nameKeys('SMITH JOHN A').readings.filter((r) => r.form === 'base')).toEqual([
      base('SMITH', 'JOHN', 'A'),
    ]);
  });

  it('keeps a generational suffix apart from the name, in any position and spelling', () => {
    for (const [raw, suffix] of [
      ['SMITH JOHN A JR', 'JR'],
      ['SMITH JOHN A JR.', 'JR'],
      ['SMITH JOHN A JUNIOR', 'JR'],
      ['SMITH JR JOHN A', 'JR'],
      ['SMITH JOHN A SENIOR', 'SR'],
      ['SMITH, JOHN A., II', 'II'],
      ['SMITH JOHN A 2ND', 'II'],
      ['SMITH JOHN A III', 'III'],
      ['SMITH JOHN A 3RD', 'III'],
      ['SMITH JOHN A IV', 'IV'],
      ['SMITH JOHN A JR AND MARY B', 'JR'],
      ['SMITH JOHN A AND MARY B JR', ''],
    ] as const) {
      expect(nameKeys(raw), raw).toMatchObject({ key: 'SMITH JOHN A', suffix });
    }
  });

  it('reads the parts of a two-part surname, and a weak particle joined', () => {
    expect(nameKeys('GARCIA-LOPEZ MARIA').readings).toEqual([
      base('GARCIALOPEZ', 'MARIA', ''),
      reversed('MARIA', 'GARCIALOPEZ', ''),
      // The hyphen written as a space, surname first only.
      { surname: 'GARCIA', first: 'LOPEZ', middle: 'MARIA', form: 'alt' },
      { surname: 'GARCIA', first: 'MARIA', middle: '', form: 'part', whole: 'GARCIA-LOPEZ' },
      { surname: 'LOPEZ', first: 'MARIA', middle: '', form: 'part', whole: 'GARCIA-LOPEZ' },
    ]);
    expect(nameKeys('GARCIA LOPEZ, MARIA').readings.map((r) => r.form)).toEqual([
      'base',
      'part',
      'part',
    ]);
    // MAC DONALD: MAC is a surname of its own too, so no part readings, and the key keeps it.
    const mac = nameKeys('MAC DONALD RONALD');
    expect(mac.key).toBe('MAC DONALD RONALD');
    expect(mac.readings).toContainEqual({
      surname: 'MACDONALD',
      first: 'RONALD',
      middle: '',
      form: 'alt',
    });
    expect(mac.readings.some((r) => r.form === 'part')).toBe(false);
    expect(nameKeys('O BRIEN PATRICK').readings).toContainEqual({
      surname: 'OBRIEN',
      first: 'PATRICK',
      middle: '',
      form: 'alt',
    });
  });

  it('drops suffixes, trustee markers, ET AL and descriptions from the key', () => {
    for (const raw of [
      'SMITH JOHN A JR',
      'SMITH JOHN A II',
      'SMITH JOHN A TR',
      'SMITH JOHN A TRS',
      'SMITH JOHN A, TRUSTEE',
      'SMITH JOHN A TTEE',
      'SMITH JOHN A ET AL',
      'SMITH JOHN A ETUX',
      'SMITH JOHN A ET VIR',
      'SMITH JOHN A, A SINGLE MAN',
      'SMITH JOHN A AKA JOHN SMITH',
      'SMITH JOHN A F/K/A JOHN JONES',
      'SMITH JOHN A C/O ACME LLC',
    ]) {
      expect(nameKeys(raw), raw).toMatchObject({ nameKind: 'person', key: 'SMITH JOHN A' });
    }
    expect(nameKeys('A/K/A JOHN SMITH').key).toBe('JOHN SMITH');
  });

  it('reads the estate of a person as the person, in every order the recorder writes it', () => {
    for (const raw of [
      'ESTATE OF KOWALCZYK JOHN A',
      'KOWALCZYK JOHN A ESTATE OF',
      'KOWALCZYK JOHN A, ESTATE OF',
      'KOWALCZYK JOHN A ESTATE',
      'KOWALCZYK JOHN A, ESTATE OF, DECEASED',
      'KOWALCZYK JOHN A DECEASED',
      "KOWALCZYK JOHN A DEC'D",
    ]) {
      expect(nameKeys(raw), raw).toMatchObject({ nameKind: 'person', key: 'KOWALCZYK JOHN A' });
      expect(matchName('KOWALCZYK JOHN A', raw), raw).toMatchObject({ tier: 'exact' });
    }
    // Without the middle name, what a missing middle name is anywhere: a strong variant.
    expect(matchName('KOWALCZYK JOHN A', 'KOWALCZYK JOHN ESTATE OF')).toMatchObject({
      rule: 'variant',
      tier: 'strong',
      reason: 'Same surname and first name: KOWALCZYK JOHN, middle name A given on one side only',
    });
  });

  it('drops accents from the key and the readings', () => {
    expect(nameKeys('IBARGÜEN JOSÉ').key).toBe('IBARGUEN JOSE');
    expect(nameKeys('PEÑAFLOR, JOSÉ M').readings[0]).toMatchObject({
      surname: 'PENAFLOR',
      first: 'JOSE',
      middle: 'M',
    });
    expect(nameKeys('STRAẞE JÜRGEN').key).toBe('STRASSE JURGEN');
  });

  it('joins apostrophes, hyphens and surname particles', () => {
    expect(nameKeys("O'BRIEN PATRICK").key).toBe('OBRIEN PATRICK');
    expect(nameKeys('SMITH-JONES MARY').key).toBe('SMITHJONES MARY');
    expect(nameKeys('MC DONALD RONALD').key).toBe('MCDONALD RONALD');
    expect(nameKeys('DE LA CRUZ MARIA').key).toBe('DELACRUZ MARIA');
    expect(nameKeys('GARCIA LOPEZ, MARIA').key).toBe('GARCIALOPEZ MARIA');
    expect(nameKeys('NGUYEN VAN THANH').key).toBe('NGUYEN VAN THANH');
  });

  it('unifies business designators within their class', () => {
    for (const raw of [
      'ACME HOLDINGS LLC',
      'ACME HOLDINGS L.L.C.',
      'ACME HOLDINGS L L C',
      'ACME HOLDINGS, LLC',
      'The Acme Holdings, LLC',
      'ACME HOLDINGS LIMITED LIABILITY COMPANY',
      'ACME HOLDINGS, A DELAWARE LIMITED LIABILITY COMPANY',
    ]) {
      expect(nameKeys(raw), raw).toEqual({
        nameKind: 'business',
        key: 'ACME HOLDINGS LLC',
        suffix: '',
        readings: [],
      });
    }
    expect(nameKeys('ACME HOLDINGS INCORPORATED').key).toBe('ACME HOLDINGS INC');
    expect(nameKeys('ACME CORPORATION').key).toBe('ACME CORP');
    expect(nameKeys('SMITH & SONS COMPANY').key).toBe('SMITH AND SONS CO');
    expect(nameKeys('WELLS FARGO BANK, N.A.').key).toBe('WELLS FARGO BANK NA');
    expect(nameKeys('J.P. MORGAN CHASE BANK').key).toBe('JP MORGAN CHASE BANK');
    expect(nameKeys('NA JIN HO').nameKind).toBe('person');
  });

  it('reads trusts, and leaves a trustee a person', () => {
    for (const raw of [
      'THE SMITH FAMILY TRUST',
      'SMITH FAMILY TRUST DATED 1/2/2003',
      'SMITH FAMILY TR',
      'SMITH FAMILY TRST',
      'SMITH FAM TR U/A DTD 5/1/1999',
      'SMITH FAMILY TRUST, JOHN A SMITH TRUSTEE',
    ]) {
      expect(nameKeys(raw), raw).toEqual({
        nameKind: 'trust',
        key: 'SMITH FAMILY TRUST',
        suffix: '',
        readings: [],
      });
    }
    expect(nameKeys('SMITH REV LIV TR').key).toBe('SMITH REVOCABLE LIVING TRUST');
    expect(nameKeys('SMITH JOHN A TR').nameKind).toBe('person');
    expect(nameKeys('SMITH JOHN A TRUSTEE').nameKind).toBe('person');
    expect(nameKeys('SMITH JOHN A AS TRUSTEE OF THE SMITH FAMILY TRUST')).toMatchObject({
      nameKind: 'person',
      key: 'SMITH JOHN A',
    });
  });

  it('gives garbage an empty person key', () => {
    for (const raw of ['', '   ', ',.;-', 'ET AL', 'JR', 'THE']) {
      expect(nameKeys(raw), raw).toEqual({ nameKind: 'person', key: '', suffix: '', readings: [] });
    }
  });
});

describe('surnameDeletionKeys', () => {
  it('is the surname and each one-letter deletion, without repeats', () => {
    expect(surnameDeletionKeys('SMITH')).toEqual(['SMITH', 'MITH', 'SITH', 'SMTH', 'SMIH', 'SMIT']);
    expect(surnameDeletionKeys('LEES')).toEqual(['LEES', 'EES', 'LES', 'LEE']);
  });

  it('gives short surnames only themselves, and the empty surname nothing', () => {
    expect(surnameDeletionKeys('LEE')).toEqual(['LEE']);
    expect(surnameDeletionKeys('LI')).toEqual(['LI']);
    expect(surnameDeletionKeys('')).toEqual([]);
  });

  it('shares a key across one substitution, insertion, deletion or transposition', () => {
    const shares = (a: string, b: string) =>
      surnameDeletionKeys(a).some((k) => surnameDeletionKeys(b).includes(k));
    expect(shares('SMITH', 'SMYTH')).toBe(true);
    expect(shares('SMITH', 'SMITHE')).toBe(true);
    expect(shares('SMITH', 'SMIH')).toBe(true);
    expect(shares('SMITH', 'SMTIH')).toBe(true);
    expect(shares('SMITH', 'SMITHSON')).toBe(false);
    expect(shares('LEE', 'LI')).toBe(false);
  });
});

describe('middleCompatible', () => {
  it('accepts a missing middle, an equal one, or an initial of the other', () => {
    expect(middleCompatible('', 'ALLEN')).toBe(true);
    expect(middleCompatible('A', '')).toBe(true);
    expect(middleCompatible('ALLEN', 'ALLEN')).toBe(true);
    expect(middleCompatible('A', 'ALLEN')).toBe(true);
    expect(middleCompatible('ALLEN', 'A')).toBe(true);
    expect(middleCompatible('A', 'A')).toBe(true);
  });

  it('compares only the first middle word', () => {
    expect(middleCompatible('ALLEN ROBERT', 'ALLEN')).toBe(true);
    expect(middleCompatible('A ROBERT', 'ALLEN JAMES')).toBe(true);
  });

  it('rejects different initials and different names', () => {
    expect(middleCompatible('A', 'B')).toBe(false);
    expect(middleCompatible('ALLEN', 'ALBERT')).toBe(false);
    expect(middleCompatible('A', 'BRUCE')).toBe(false);
    expect(middleCompatible('AL', 'ALLEN')).toBe(false);
  });
});

describe('matchConfidence', () => {
  it('starts at the base of each rule, exact above variant above nickname above typo', () => {
    expect(matchConfidence('exact', 0)).toBe(1);
    expect(matchConfidence('variant', 0)).toBe(0.85);
    expect(matchConfidence('nickname', 0)).toBe(0.8);
    expect(matchConfidence('typo', 0)).toBe(0.7);
    for (const count of [0, 10, 1000]) {
      expect(matchConfidence('exact', count)).toBeGreaterThan(matchConfidence('variant', count));
      expect(matchConfidence('variant', count)).toBeGreaterThan(matchConfidence('nickname', count));
      expect(matchConfidence('nickname', count)).toBeGreaterThan(matchConfidence('typo', count));
    }
  });

  it('makes a part or an initial possible however rare the name, and others by their namesakes', () => {
    expect(matchTier('part', matchConfidence('part', 0))).toBe('possible');
    expect(matchTier('initial', matchConfidence('initial', 0))).toBe('possible');
    expect(matchTier('variant', matchConfidence('variant', 40))).toBe('strong');
    expect(matchTier('variant', matchConfidence('variant', 41))).toBe('possible');
    expect(matchTier('typo', matchConfidence('typo', 11))).toBe('strong');
    expect(matchTier('typo', matchConfidence('typo', 12))).toBe('possible');
    expect(matchTier('exact', matchConfidence('exact', 1_000_000))).toBe('exact');
  });

  it('falls as more documents in the county carry the name', () => {
    const counts = [0, 1, 25, 250, 2500, 250_000];
    const confidences = counts.map((n) => matchConfidence('exact', n));
    for (let i = 1; i < confidences.length; i++)
      expect(confidences[i]).toBeLessThan(confidences[i - 1]!);
    expect(matchConfidence('exact', 25)).toBe(0.769);
    expect(matchConfidence('variant', 250)).toBe(0.416);
  });

  it('treats an unknown count as 0', () => {
    expect(matchConfidence('exact', Number.NaN)).toBe(1);
    expect(matchConfidence('exact', -5)).toBe(1);
  });
});

describe('namesakePrefixes', () => {
  it("gives each person reading's surname and first name, nothing for businesses and trusts", () => {
    expect(namesakePrefixes('SMITH, JOHN A.')).toEqual(['SMITH JOHN']);
    expect(namesakePrefixes('LOPEZ MARIA')).toEqual(['LOPEZ MARIA', 'MARIA LOPEZ']);
    // Not the parts of a two-part surname: GARCIA MARIA is somebody else's whole name.
    expect(namesakePrefixes('GARCIA-LOPEZ MARIA')).toEqual([
      'GARCIALOPEZ MARIA',
      'MARIA GARCIALOPEZ',
      'GARCIA LOPEZ',
    ]);
    expect(namesakePrefixes('ACME HOLDINGS LLC')).toEqual([]);
  });
});
