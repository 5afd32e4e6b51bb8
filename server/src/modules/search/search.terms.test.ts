import { describe, expect, it } from 'vitest';
import { addressKey } from '../../keys/normalize.ts';
import {
  addressPrefixes,
  apnPrefix,
  cityStateZip,
  correctableNameWords,
  correctableStreetWords,
  correctedKeys,
  deletionKeys,
  isOneTypo,
  minimalPrefixes,
  namePrefix,
  prefixRange,
  parseAddressTerm,
  parseNameTerm,
  parseStreetTerm,
  streetKeyOf,
  houseNumberOf,
  streetPrefixes,
} from './search.terms.ts';

const names = (term: string) => {
  const typed = parseNameTerm(term);
  return typed && namePrefix(typed);
};
const addresses = (term: string) => {
  const typed = parseAddressTerm(term);
  return typed && addressPrefixes(typed);
};
const streets = (term: string) => {
  const typed = parseStreetTerm(term);
  return typed && streetPrefixes(typed);
};

describe('prefixRange', () => {
  it('is the keys starting with the prefix, or with a finished word and more words', () => {
    expect(prefixRange('SMITH JO')).toEqual({ from: 'SMITH JO', below: 'SMITH JP' });
    expect(prefixRange('SMITH ')).toEqual({ from: 'SMITH', below: 'SMITH!' });
    expect(prefixRange('A%')).toEqual({ from: 'A%', below: 'A&' });
    expect(prefixRange('AZ')).toEqual({ from: 'AZ', below: 'A[' });
    const inRange = (prefix: string) => (key: string) => {
      const { from, below } = prefixRange(prefix);
      return key >= from && key < below;
    };
    const keys = ['SMIT', 'SMITH', 'SMITH JOHN', 'SMITHSON', 'SMITH&CO', 'SMITI', 'SMJ'];
    expect(keys.filter(inRange('SMITH'))).toEqual(['SMITH', 'SMITH JOHN', 'SMITHSON', 'SMITH&CO']);
    expect(keys.filter(inRange('SMITH '))).toEqual(['SMITH', 'SMITH JOHN']);
  });
});

describe('too short', () => {
  it('finds nothing for fewer than 2 characters, or fewer than 2 key characters', () => {
    expect(names('S')).toBeUndefined();
    expect(names('  S  ')).toBeUndefined();
    expect(names('%%')).toBeUndefined();
    expect(names('__')).toBeUndefined();
    expect(addresses("''")).toBeUndefined();
    expect(streets('\\\\')).toBeUndefined();
    expect(apnPrefix('--')).toBeUndefined();
    expect(apnPrefix('1-')).toBeUndefined();
    expect(apnPrefix('12')).toBe('12');
  });
});

describe('name terms', () => {
  it('are upper-cased and normalised by nameKey', () => {
    expect(names('smith,  jo')).toBe('SMITH JO');
    expect(names("o'brien")).toBe('OBRIEN');
  });
  it('keep a trailing space: the last word is finished', () => {
    expect(names('SMITH ')).toBe('SMITH ');
    expect(names('SMITH   ')).toBe('SMITH ');
  });
  it('treat SQL metacharacters as punctuation, never as wildcards', () => {
    expect(names('SMI%TH')).toBe('SMI TH');
    expect(names("SMITH'")).toBe('SMITH');
  });
});

describe('apn terms', () => {
  it('compare letters and digits only: formatted and bare give the same prefix', () => {
    expect(apnPrefix('012-0345-0')).toBe('01203450');
    expect(apnPrefix('0120345 0')).toBe('01203450');
    expect(apnPrefix('048a-70')).toBe('048A70');
  });
});

describe('address terms', () => {
  it('normalise suffixes, so STREET and ST find the same', () => {
    expect(addresses('123 Main Street')).toEqual(['123 MAIN ST']);
    expect(addresses('123 MAIN ST')).toEqual(['123 MAIN ST']);
    expect(addresses('123 north main')).toEqual(['123 N MAIN']);
  });
  it('also try the last word as typed while it is being typed', () => {
    // COURT → CT, but the person may be typing COURTLAND.
    expect(addresses('123 COURT')).toEqual(['123 CT', '123 COURT']);
    // STR → ST covers STR: one scan.
    expect(addresses('123 MAIN STR')).toEqual(['123 MAIN ST']);
    expect(addresses('123 COURT ')).toEqual(['123 CT ']);
  });
  it('keep the house number as written', () => {
    expect(addresses('123')).toEqual(['123']);
    expect(addresses('123 ')).toEqual(['123 ']);
  });
});

describe('street terms', () => {
  it('drop a house number and normalise the street words', () => {
    expect(parseStreetTerm('123 Main Street')?.key).toBe('MAIN ST');
    expect(parseStreetTerm('North Main')?.key).toBe('N MAIN');
    expect(parseStreetTerm('12TH')?.key).toBe('12TH');
    expect(parseStreetTerm('123 ')).toBeUndefined();
    expect(parseStreetTerm('MAIN ')).toEqual({ key: 'MAIN', complete: true });
  });
  it('match the street with any direction unless the term names one', () => {
    expect(streets('OAK')).toEqual([
      'OAK',
      'E OAK',
      'N OAK',
      'S OAK',
      'W OAK',
      'NE OAK',
      'NW OAK',
      'SE OAK',
      'SW OAK',
    ]);
    expect(streets('N MAIN')).toEqual(['N MAIN']);
    // Sacramento's N Street: a direction followed by a word names the side.
    expect(streets('N ST')).toEqual(['N ST']);
    expect(streets('MAIN ')).toContain('N MAIN ');
  });
  it('have a house number only when the key starts with one', () => {
    expect(houseNumberOf('123 N MAIN ST APT 4')).toBe('123');
    expect(houseNumberOf('123A OAK AVE')).toBe('123A');
    expect(houseNumberOf('1ST ST')).toBeUndefined();
    expect(houseNumberOf('123')).toBeUndefined();
    expect(houseNumberOf('MAIN ST 123')).toBeUndefined();
  });

  it('are the generated street_key of an address key', () => {
    expect(streetKeyOf(addressKey('123 N Main Street Apt 4'))).toBe('N MAIN ST APT 4');
    expect(streetKeyOf(addressKey('123A Oak Ave'))).toBe('OAK AVE');
    expect(streetKeyOf(addressKey('5 1ST ST'))).toBe('1ST ST');
    expect(streetKeyOf(addressKey('1ST ST'))).toBe('1ST ST');
  });
});

describe('minimalPrefixes', () => {
  it('drops prefixes a shorter one covers, so branches never overlap', () => {
    expect(minimalPrefixes(['MAIN ST', 'MAIN', 'N MAIN', 'MAIN'])).toEqual(['MAIN', 'N MAIN']);
  });
});

describe('one typo', () => {
  it('is a letter missing, extra or wrong, or two neighbours swapped', () => {
    expect(isOneTypo('SMTIH', 'SMITH')).toBe(true);
    expect(isOneTypo('MIAN', 'MAIN')).toBe(true);
    expect(isOneTypo('SMIH', 'SMITH')).toBe(true);
    expect(isOneTypo('SMIITH', 'SMITH')).toBe(true);
    expect(isOneTypo('SMYTH', 'SMITH')).toBe(true);
    expect(isOneTypo('XMITH', 'SMITH')).toBe(true);
    expect(isOneTypo('SMITHX', 'SMITH')).toBe(true);
  });
  it('is not two edits, nor no edit', () => {
    expect(isOneTypo('SMITH', 'SMITH')).toBe(false);
    expect(isOneTypo('SMTHI', 'SMITH')).toBe(false);
    expect(isOneTypo('SMYTHE', 'SMITH')).toBe(false);
    expect(isOneTypo('SIMTH', 'SMIHT')).toBe(false);
    expect(isOneTypo('JONES', 'JAMES')).toBe(false);
  });
  it('shares a deletion key with the word it meant', () => {
    for (const [typo, word] of [
      ['SMTIH', 'SMITH'],
      ['SMIH', 'SMITH'],
      ['SMIITH', 'SMITH'],
      ['SMYTH', 'SMITH'],
    ] as const) {
      const shared = deletionKeys(typo).filter((k) => deletionKeys(word).includes(k));
      expect(shared.length, `${typo} ~ ${word}`).toBeGreaterThan(0);
    }
    expect(deletionKeys('LEE')).toEqual(['LEE', 'EE', 'LE']);
  });
});

describe('corrections', () => {
  it('correct the surname, commonest candidate first', () => {
    const words = correctableNameWords('JONS MARY');
    expect(words).toEqual([{ index: 0, word: 'JONS' }]);
    const found = [
      { token: 'JONAS', weight: 3 },
      { token: 'JONES', weight: 100 },
      { token: 'JOHNS', weight: 20 },
      { token: 'JON', weight: 50 },
      { token: 'JOHNSON', weight: 100 },
    ];
    expect(correctedKeys('JONS MARY', words, found)).toEqual([
      'JONES MARY',
      'JON MARY',
      'JOHNS MARY',
    ]);
  });
  it('leave a word the dictionary knows', () => {
    const words = correctableNameWords('SMITH JO');
    expect(correctedKeys('SMITH JO', words, [{ token: 'SMITH', weight: 1 }])).toEqual([]);
  });
  it('do not correct short words, house numbers or unit numbers', () => {
    expect(correctableNameWords('NG LI')).toEqual([]);
    expect(correctableStreetWords('123 MIAN ST APT 12')).toEqual([
      { index: 1, word: 'MIAN' },
      { index: 3, word: 'APT' },
    ]);
    expect(correctableStreetWords('12TH ST')).toEqual([{ index: 0, word: '12TH' }]);
  });
  it('correct one street word per key', () => {
    const key = '123 MIAN SIERA';
    const keys = correctedKeys(key, correctableStreetWords(key), [
      { token: 'MAIN', weight: 0 },
      { token: 'SIERRA', weight: 0 },
    ]);
    expect(keys).toEqual(['123 MAIN SIERA', '123 MIAN SIERRA']);
  });
});

describe('cityStateZip', () => {
  it('writes city, state and zip as an address line, leaving out what is missing', () => {
    expect(cityStateZip({ city: 'SACRAMENTO', state: 'CA', zip: '95814' })).toBe(
      'SACRAMENTO, CA 95814',
    );
    expect(cityStateZip({ city: '', state: 'CA', zip: '95814' })).toBe('CA 95814');
    expect(cityStateZip({ city: 'FOLSOM', state: '', zip: '' })).toBe('FOLSOM');
  });
});
