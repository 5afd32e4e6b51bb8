import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './error-handler.ts';

// Which errors mean "the database cannot be reached right now" (503, try again) rather than a
// bug (500).
describe('databaseUnavailable', () => {
  it.each([
    ['refused', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['too many connections', { code: '53300', message: 'sorry, too many clients already' }],
    [
      'admin shutdown',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    ['starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['a closed client', new Error('Client was closed and is not queryable')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped', new Error('query failed', { cause: { code: '08006' } })],
  ])('%s: yes', (_, err) => {
    expect(databaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a missing table', { code: '42P01', message: 'relation "x" does not exist' }],
    ['a unique violation', { code: '23505', message: 'duplicate key value' }],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('%s: no', (_, err) => {
    expect(databaseUnavailable(err)).toBe(false);
  });
});
