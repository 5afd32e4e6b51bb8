import { describe, expect, it } from 'vitest';
import type { GuardSelection, GuardSelectionAction } from './guard-selection';
import {
  guardSelectionReducer,
  hasUnsavedSelections,
  initialGuardSelection,
  newSelectionCount,
} from './guard-selection';

const smith = { county: 'Sacramento', name: 'SMITH JOHN' };
const jones = { county: 'Sacramento', name: 'JONES MARY' };
const parcel = { county: 'Placer', apn: '012-345-006-000', description: '1 OAK AVE' };

const run = (...actions: GuardSelectionAction[]): GuardSelection =>
  actions.reduce(guardSelectionReducer, initialGuardSelection);

describe('the register guard selection', () => {
  it('adds picks to pending only; the page lists keep the committed items', () => {
    const state = run({ type: 'open', mode: 'name' }, { type: 'addName', item: smith });
    expect(state.pending.names).toEqual([smith]);
    expect(state.committed.names).toEqual([]);
    expect(hasUnsavedSelections(state)).toBe(true);
    expect(newSelectionCount(state)).toBe(1);
  });

  it('commits pending picks with Guard Selected Items and closes', () => {
    const state = run(
      { type: 'open', mode: 'name' },
      { type: 'addName', item: smith },
      { type: 'commit' },
    );
    expect(state.committed.names).toEqual([smith]);
    expect(state.mode).toBeNull();
    expect(hasUnsavedSelections(state)).toBe(false);
  });

  it('copies the committed lists to pending on opening', () => {
    const committed = run(
      { type: 'open', mode: 'name' },
      { type: 'addName', item: smith },
      { type: 'commit' },
    );
    const reopened = guardSelectionReducer(committed, { type: 'open', mode: 'apn' });
    expect(reopened.pending).toEqual(committed.committed);
    expect(reopened.mode).toBe('apn');
    expect(hasUnsavedSelections(reopened)).toBe(false);
  });

  it('reverts pending to committed on discard', () => {
    const state = run(
      { type: 'open', mode: 'name' },
      { type: 'addName', item: smith },
      { type: 'commit' },
      { type: 'open', mode: 'name' },
      { type: 'addName', item: jones },
      { type: 'discard' },
    );
    expect(state.committed.names).toEqual([smith]);
    expect(state.pending.names).toEqual([smith]);
    expect(state.mode).toBeNull();
  });

  it('does not add an item already picked in the same county', () => {
    const state = run(
      { type: 'open', mode: 'name' },
      { type: 'addName', item: smith },
      { type: 'addName', item: { county: 'SACRAMENTO', name: 'smith john' } },
      { type: 'addName', item: { county: 'Placer', name: 'SMITH JOHN' } },
    );
    expect(state.pending.names).toEqual([smith, { county: 'Placer', name: 'SMITH JOHN' }]);
  });

  it('removes from the committed lists by the remove rule', () => {
    const two = run(
      { type: 'open', mode: 'name' },
      { type: 'addName', item: smith },
      { type: 'addName', item: jones },
      { type: 'commit' },
    );
    expect(guardSelectionReducer(two, { type: 'removeName', index: 0 }).committed.names).toEqual([
      jones,
    ]);

    const one = run(
      { type: 'open', mode: 'apn' },
      { type: 'addApn', item: parcel },
      { type: 'commit' },
    );
    const emptied = guardSelectionReducer(one, { type: 'removeApn', index: 0 });
    expect(emptied.committed.apns).toEqual([]);
    expect(emptied.pending.apns).toEqual([]);
  });

  it('starts over on reset', () => {
    const state = run(
      { type: 'open', mode: 'apn' },
      { type: 'addApn', item: parcel },
      { type: 'commit' },
      { type: 'reset' },
    );
    expect(state).toEqual(initialGuardSelection);
  });
});
