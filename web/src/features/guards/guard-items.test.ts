import { describe, expect, it } from 'vitest';
import { addressOrUnknown, isApnGuarded, isNameGuarded, removeAt } from './guard-items';

describe('removeAt (the register page remove rule)', () => {
  it('removes the item at the index when the list holds more than one', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeAt(['a', 'b'], 0)).toEqual(['b']);
  });

  it('empties a list of exactly one', () => {
    expect(removeAt(['a'], 0)).toEqual([]);
    // Whatever the index: the rule empties the list.
    expect(removeAt(['a'], 3)).toEqual([]);
  });

  it('does not change the list it is given', () => {
    const list = ['a', 'b'];
    removeAt(list, 0);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('already guarded', () => {
  it('compares names in the same county, ignoring case and extra spaces', () => {
    const list = [{ county: 'Sacramento', name: 'SMITH JOHN' }];
    expect(isNameGuarded(list, { county: 'sacramento', name: ' smith  john ' })).toBe(true);
    expect(isNameGuarded(list, { county: 'Placer', name: 'SMITH JOHN' })).toBe(false);
    expect(isNameGuarded(list, { county: 'Sacramento', name: 'SMITH JOHN A' })).toBe(false);
  });

  it("compares names by the server's name key: punctuation and apostrophes do not count", () => {
    const list = [{ county: 'Sacramento', name: 'SMITH, JOHN A.' }];
    expect(isNameGuarded(list, { county: 'Sacramento', name: 'SMITH JOHN A' })).toBe(true);
    expect(
      isNameGuarded([{ county: 'Sacramento', name: "O'BRIEN MARY" }], {
        county: 'Sacramento',
        name: 'OBRIEN MARY',
      }),
    ).toBe(true);
    expect(isNameGuarded(list, { county: 'Sacramento', name: 'SMITH JOHN A JR' })).toBe(false);
  });

  it('compares APNs by their letters and digits in the same county', () => {
    const list = [{ county: 'Alameda', apn: '048A-7046-001-00', description: '' }];
    expect(isApnGuarded(list, { county: 'Alameda', apn: '048a704600100' })).toBe(true);
    expect(isApnGuarded(list, { county: 'Placer', apn: '048A-7046-001-00' })).toBe(false);
  });
});

it('shows an empty address as Unknown', () => {
  expect(addressOrUnknown('')).toBe('Unknown');
  expect(addressOrUnknown('  ')).toBe('Unknown');
  expect(addressOrUnknown('1 MAIN ST')).toBe('1 MAIN ST');
});
