import { describe, expect, it } from 'vitest';
import {
  addressParts,
  conflictingAddressPart,
  guardedAddress,
  MAX_STORED_ADDRESS,
  matchStreetKey,
  storedAddress,
  unitOnOneSide,
} from './match-keys.ts';

describe('storedAddress', () => {
  it('reads the city, state and zip off the end, with commas or without', () => {
    for (const written of [
      '4455 Elkhorn Blvd, Sacramento, CA 95842',
      '4455 ELKHORN BLVD SACRAMENTO CA 95842',
      '4455 ELKHORN BLVD NORTH HIGHLANDS CA 95842',
      '4455 ELKHORN BLVD CA 95842',
      '4455 ELKHORN BLVD 95842',
      '4455 ELKHORN BLVD SACRAMENTO 95842',
      '4455 ELKHORN BLVD SACRAMENTO CA 95842-1234',
      '4455 ELKHORN BLVD SACRAMENTO CA 958421234',
      '4455 ELKHORN BLVD SACRAMENTO, CA 95842',
    ]) {
      expect(storedAddress(written), written).toEqual({
        streetKey: '4455 ELKHORN BLVD',
        zip: '95842',
      });
    }
    expect(storedAddress('700 N MAIN ST SACRAMENTO CA 95814')).toEqual({
      streetKey: '700 N MAIN ST',
      zip: '95814',
    });
    expect(storedAddress('700 N MAIN ST')).toEqual({ streetKey: '700 N MAIN ST', zip: null });
  });

  it('keeps a unit and a direction after the street type in the street', () => {
    expect(storedAddress('4455 ELKHORN BLVD UNIT 5 SACRAMENTO CA 95842').streetKey).toBe(
      '4455 ELKHORN BLVD UNIT 5',
    );
    expect(storedAddress('4455 ELKHORN BLVD #5 SACRAMENTO CA 95842').streetKey).toBe(
      '4455 ELKHORN BLVD UNIT 5',
    );
    expect(storedAddress('700 MAIN ST NE SEATTLE WA 98101').streetKey).toBe('700 MAIN ST NE');
  });

  it('takes CT for a court and NE for a direction unless a street type comes before it', () => {
    expect(storedAddress('123 OAK CT 95814')).toEqual({ streetKey: '123 OAK CT', zip: '95814' });
    expect(storedAddress('123 OAK CT HARTFORD CT 06103')).toEqual({
      streetKey: '123 OAK CT',
      zip: '06103',
    });
    expect(storedAddress('123 MAIN ST CT 06103').streetKey).toBe('123 MAIN ST');
    expect(storedAddress('123 MAIN NE 68102').streetKey).toBe('123 MAIN NE');
    // Right after the street type, NE is the quadrant but for a zip of Nebraska's; after a
    // city, the state.
    expect(storedAddress('700 MAIN ST NE 98101')).toEqual({
      streetKey: '700 MAIN ST NE',
      zip: '98101',
    });
    expect(storedAddress('700 MAIN ST NE 68102').streetKey).toBe('700 MAIN ST');
    expect(storedAddress('700 MAIN ST NE 69001').streetKey).toBe('700 MAIN ST');
    expect(storedAddress('700 MAIN ST NE 67999').streetKey).toBe('700 MAIN ST NE');
    expect(storedAddress('700 MAIN ST OMAHA NE 68102').streetKey).toBe('700 MAIN ST');
    expect(storedAddress('700 MAIN ST NE OMAHA NE 68102').streetKey).toBe('700 MAIN ST NE');
  });

  it('keeps the city when no street type or unit tells it from the street', () => {
    expect(storedAddress('123 BROADWAY SACRAMENTO CA 95814').streetKey).toBe(
      '123 BROADWAY SACRAMENTO',
    );
  });

  it('writes spelled ordinals in digits, and directions as letters', () => {
    expect(storedAddress('18 WEST FIFTH STREET').streetKey).toBe('18 W 5TH ST');
    expect(storedAddress('18 W 5TH ST').streetKey).toBe('18 W 5TH ST');
    expect(storedAddress('2 Twentieth Avenue').streetKey).toBe('2 20TH AVE');
    expect(storedAddress('2 Eleventh Ave').streetKey).toBe('2 11TH AVE');
    expect(storedAddress('2 Twenty-Second St').streetKey).toBe('2 22ND ST');
    expect(storedAddress('2 Thirty Third St').streetKey).toBe('2 33RD ST');
    expect(storedAddress('2 Fortieth St').streetKey).toBe('2 40TH ST');
    expect(matchStreetKey('FIRST')).toBe('FIRST');
    expect(matchStreetKey(matchStreetKey('2 TWENTY FIRST ST'))).toBe('2 21ST ST');
  });

  it('reads no more than MAX_STORED_ADDRESS characters', () => {
    const long = `1 ${'A '.repeat(100_000)}ST SACRAMENTO CA 95814`;
    const started = performance.now();
    const stored = storedAddress(long);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(stored.zip).toBeNull();
    expect(stored.streetKey.length).toBeLessThanOrEqual(MAX_STORED_ADDRESS);
  });
});

describe('guardedAddress', () => {
  it("takes the parcel roll's key, its ordinals in digits, else the description", () => {
    expect(guardedAddress({ address_key: '18 W FIFTH ST', zip: '95814' }, 'x')).toEqual({
      streetKey: '18 W 5TH ST',
      zip: '95814',
    });
    expect(
      guardedAddress({ address_key: '', zip: '' }, '18 W FIFTH ST SACRAMENTO CA 95814'),
    ).toEqual({ streetKey: '18 W 5TH ST', zip: '95814' });
    expect(guardedAddress(undefined, '')).toEqual({ streetKey: null, zip: null });
  });

  it("keeps a roll's ZIP+4 as its five digits, as a recorded address's zip is kept", () => {
    for (const zip of ['95814-1234', '958141234']) {
      expect(guardedAddress({ address_key: '18 W 5TH ST', zip }, null).zip).toBe('95814');
    }
    expect(storedAddress('18 W 5TH ST SACRAMENTO CA 95814-1234').zip).toBe('95814');
  });
});

describe('address parts', () => {
  it('reads the direction, street type and unit', () => {
    expect(addressParts('700 N MAIN ST')).toEqual({ direction: 'N', type: 'ST', unit: '' });
    expect(addressParts('700 MAIN ST NE')).toEqual({ direction: 'NE', type: 'ST', unit: '' });
    expect(addressParts('4455 ELKHORN BLVD UNIT 5')).toEqual({
      direction: '',
      type: 'BLVD',
      unit: '5',
    });
    // A direction or type that is the whole street name is the name.
    expect(addressParts('12 N ST')).toEqual({ direction: 'N', type: '', unit: '' });
    expect(addressParts('12 WAY')).toEqual({ direction: '', type: '', unit: '' });
  });

  it('makes another unit, direction or street type another address', () => {
    expect(conflictingAddressPart('4455 ELKHORN BLVD UNIT 5', '4455 ELKHORN BLVD UNIT 7')).toBe(
      'unit',
    );
    expect(
      conflictingAddressPart('4455 ELKHORN BLVD UNIT 5', '4455 ELKHORN BLVD APT 5'),
    ).toBeNull();
    expect(conflictingAddressPart('700 N MAIN ST', '700 S MAIN ST')).toBe('direction');
    expect(conflictingAddressPart('123 N MAIN AVE', '123 N MAIN ST')).toBe('type');
    expect(conflictingAddressPart('700 N MAIN ST', '700 MAIN')).toBeNull();
    expect(unitOnOneSide('4455 ELKHORN BLVD', '4455 ELKHORN BLVD UNIT 5')).toBe(true);
    expect(unitOnOneSide('4455 ELKHORN BLVD UNIT 7', '4455 ELKHORN BLVD UNIT 5')).toBe(false);
  });
});
