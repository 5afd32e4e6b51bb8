import { CASE_STATUSES, type CaseStatus } from '@deedwatch/rules';

export const CASE_STATUS_COLORS: Record<CaseStatus, string> = {
  open: 'red',
  contacted: 'blue',
  closed: 'gray',
};

/** The statuses a case can move on to: only forward, possibly skipping one. */
export const nextStatuses = (status: CaseStatus): CaseStatus[] =>
  CASE_STATUSES.slice(CASE_STATUSES.indexOf(status) + 1);
