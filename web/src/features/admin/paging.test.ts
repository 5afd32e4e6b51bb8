import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, rangeLabel, sortAndPage } from './paging';

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, '10')).toBe(1);
    expect(pageCount(10, '10')).toBe(1);
    expect(pageCount(11, '10')).toBe(2);
    expect(pageCount(250, '100')).toBe(3);
  });

  it('labels the rows shown', () => {
    expect(rangeLabel(1, '10', 0)).toBe('');
    expect(rangeLabel(1, '10', 7)).toBe('Showing 1–7 of 7');
    expect(rangeLabel(2, '20', 57)).toBe('Showing 21–40 of 57');
    expect(rangeLabel(3, '20', 57)).toBe('Showing 41–57 of 57');
  });

  it('reads a page past the end as the last page', () => {
    expect(clampPage(9, '10', 39)).toBe(4);
    expect(clampPage(4, '10', 39)).toBe(4);
    expect(clampPage(2, '10', 39)).toBe(2);
    expect(clampPage(3, '10', 0)).toBe(1);
    expect(rangeLabel(9, '10', 39)).toBe('Showing 31–39 of 39');
  });

  it('sorts by a text field either way, ignoring case, then takes one page', () => {
    const rows = ['delta', 'Alpha', 'charlie', 'bravo', 'echo'].map((name) => ({ name }));
    const names = (r: { name: string }[]) => r.map((x) => x.name);
    expect(names(sortAndPage(rows, { field: 'name', direction: 'asc' }, 1, '10'))).toEqual([
      'Alpha',
      'bravo',
      'charlie',
      'delta',
      'echo',
    ]);
    expect(names(sortAndPage(rows, { field: 'name', direction: 'desc' }, 1, '10'))).toEqual([
      'echo',
      'delta',
      'charlie',
      'bravo',
      'Alpha',
    ]);
    const many = Array.from({ length: 23 }, (_, i) => ({ name: `c${String(i).padStart(2, '0')}` }));
    expect(names(sortAndPage(many, { field: 'name', direction: 'asc' }, 3, '10'))).toEqual([
      'c20',
      'c21',
      'c22',
    ]);
  });
});
