import type { Database } from '../../db/database.ts';
import type { PossibleMatches } from '../../db/types.ts';
import { said } from '../../lib/errors.ts';
import type { Caller } from '../../lib/route.ts';
import { sessionUser } from './session-user.service.ts';
import * as repo from './user.repository.ts';

/**
 * What is done with the possible matches of one of the caller's guarded names from now on: the
 * next digest, alert or dashboard follows it. Another user's name is not found (404).
 */
export async function setPossibleMatches(
  db: Database,
  caller: Caller,
  subscriptionId: string,
  choice: PossibleMatches,
) {
  if (!(await repo.setPossibleMatches(db, caller.userId, subscriptionId, choice)))
    throw said(404, 'errors.guardedNameNotFound', { id: subscriptionId });
  return sessionUser(db, caller);
}
