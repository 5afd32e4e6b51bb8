import * as v from 'valibot';
import { PossibleMatches } from './user.schemas.ts';

export const PossibleMatchesParams = v.strictObject({
  id: v.pipe(
    v.string(),
    v.uuid('must be the id of one of your guarded names (a UUID)'),
    v.description('The guarded name, by the id the session user gives it'),
  ),
});

export const PossibleMatchesBody = v.pipe(
  v.strictObject({ possibleMatches: PossibleMatches }),
  v.examples([{ possibleMatches: 'digest' }]),
);
