import type { GuardApn, GuardKind, GuardName } from '../guards/guard-items';
import { isApnGuarded, isNameGuarded, removeAt } from '../guards/guard-items';

export interface GuardLists {
  names: GuardName[];
  apns: GuardApn[];
}

/**
 * The register page's guarded items: the committed lists shown on the page, and the
 * pending lists the guard modal edits. Opening the modal copies committed to pending; 'Guard
 * Selected Items' commits pending; discarding reverts pending to committed.
 */
export interface GuardSelection {
  committed: GuardLists;
  pending: GuardLists;
  /** The open guard modal, if any. */
  mode: GuardKind | null;
}

export type GuardSelectionAction =
  | { type: 'open'; mode: GuardKind }
  | { type: 'addName'; item: GuardName }
  | { type: 'addApn'; item: GuardApn }
  | { type: 'commit' }
  | { type: 'discard' }
  | { type: 'removeName'; index: number }
  | { type: 'removeApn'; index: number }
  | { type: 'reset' };

const empty: GuardLists = { names: [], apns: [] };

export const initialGuardSelection: GuardSelection = {
  committed: empty,
  pending: empty,
  mode: null,
};

export function guardSelectionReducer(
  state: GuardSelection,
  action: GuardSelectionAction,
): GuardSelection {
  switch (action.type) {
    case 'open':
      return { ...state, pending: state.committed, mode: action.mode };
    case 'addName':
      if (isNameGuarded(state.pending.names, action.item)) return state;
      return {
        ...state,
        pending: { ...state.pending, names: [...state.pending.names, action.item] },
      };
    case 'addApn':
      if (isApnGuarded(state.pending.apns, action.item)) return state;
      return {
        ...state,
        pending: { ...state.pending, apns: [...state.pending.apns, action.item] },
      };
    case 'commit':
      return { ...state, committed: state.pending, mode: null };
    case 'discard':
      return { ...state, pending: state.committed, mode: null };
    case 'removeName': {
      const committed = {
        ...state.committed,
        names: removeAt(state.committed.names, action.index),
      };
      return { ...state, committed, pending: committed };
    }
    case 'removeApn': {
      const committed = { ...state.committed, apns: removeAt(state.committed.apns, action.index) };
      return { ...state, committed, pending: committed };
    }
    case 'reset':
      return initialGuardSelection;
  }
}

/** Closing the modal asks 'Discard Changes?' when pending and committed counts differ. */
export function hasUnsavedSelections({ committed, pending }: GuardSelection): boolean {
  return (
    committed.names.length !== pending.names.length || committed.apns.length !== pending.apns.length
  );
}

/** How many items the open modal has picked that are not committed yet. */
export function newSelectionCount({ committed, pending, mode }: GuardSelection): number {
  if (mode === 'name') return pending.names.length - committed.names.length;
  if (mode === 'apn') return pending.apns.length - committed.apns.length;
  return 0;
}
