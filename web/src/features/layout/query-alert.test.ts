import { describe, expect, it } from 'vitest';
import { alertColorFor, parseAlertSearch } from './query-alert';

describe('alert search parameters', () => {
  it('keeps message and type, and drops anything else', () => {
    expect(parseAlertSearch({ message: 'Saved', type: 'success', page: 2 })).toEqual({
      message: 'Saved',
      type: 'success',
    });
    expect(parseAlertSearch({})).toEqual({});
    expect(parseAlertSearch({ message: { nested: true } })).toEqual({});
  });

  it('turns values the router parsed as JSON back into text', () => {
    expect(parseAlertSearch({ message: 404 })).toEqual({ message: '404' });
  });

  it('colours success teal and everything else red', () => {
    expect(alertColorFor('success')).toBe('teal');
    expect(alertColorFor('error')).toBe('red');
    expect(alertColorFor('SUCCESS')).toBe('red');
    expect(alertColorFor(undefined)).toBe('red');
  });
});
