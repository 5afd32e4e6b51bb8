import { describe, expect, it } from 'vitest';
import { cannotConnect, isConnectionFailure, maskedDatabaseUrl } from './connection-errors.ts';

const URL_WITH_PASSWORD = 'postgres://app:s3cr%40t@db.example:5433/deedwatch?sslmode=require';

describe('a database that cannot be reached, told in one line', () => {
  it('masks the password, in the user part or the query', () => {
    expect(maskedDatabaseUrl(URL_WITH_PASSWORD)).toBe(
      'postgres://app:****@db.example:5433/deedwatch?sslmode=require',
    );
    expect(maskedDatabaseUrl('postgres://db.example/deedwatch?password=hunter2&user=app')).toBe(
      'postgres://db.example/deedwatch?password=****&user=app',
    );
    expect(maskedDatabaseUrl('host=db password=hunter2')).not.toContain('hunter2');
  });

  it('says what failed and what to check', () => {
    const line = (err: object) => cannotConnect(err, URL_WITH_PASSWORD);
    expect(line({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' })).toBe(
      'Cannot connect to the database at DATABASE_URL=postgres://app:****@db.example:5433/deedwatch?sslmode=require: connection refused: nothing accepts connections at db.example:5433. Check the host and port in DATABASE_URL, and that Postgres is running.',
    );
    expect(
      line({ code: '28P01', message: 'password authentication failed for user "app"' }),
    ).toMatch(
      /: authentication failed for app \(Postgres says: password authentication failed for user "app"\)\. Check the user name and password in DATABASE_URL\.$/,
    );
    expect(line({ code: '3D000', message: 'database "deedwatch" does not exist' })).toMatch(
      /: no such database: deedwatch does not exist on db.example:5433 .* or create it \(createdb\)\.$/,
    );
    expect(line({ code: '28000', message: 'role "app" does not exist' })).toMatch(
      /: no such role: app does not exist .*Check the user name in DATABASE_URL/,
    );
    expect(line({ code: '28000', message: 'no pg_hba.conf entry for host "10.0.0.1"' })).toMatch(
      /: the server refuses this connection .*pg_hba\.conf/,
    );
    expect(line({ code: '53300', message: 'sorry, too many clients already' })).toMatch(
      /no connection left .*max_connections/,
    );
    expect(line({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db.example' })).toMatch(
      /the host in DATABASE_URL \(db.example:5433\) cannot be found/,
    );
    expect(line(new Error('something\nelse'))).toBe(
      'Cannot connect to the database at DATABASE_URL=postgres://app:****@db.example:5433/deedwatch?sslmode=require: something else. Check DATABASE_URL and that Postgres is running.',
    );
  });

  it('tells a failure to connect from a failed statement', () => {
    expect(isConnectionFailure({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isConnectionFailure({ code: '3D000', message: 'database "x" does not exist' })).toBe(
      true,
    );
    expect(isConnectionFailure({ code: '42P07', message: 'relation "x" already exists' })).toBe(
      false,
    );
    expect(isConnectionFailure(new TypeError('x is undefined'))).toBe(false);
  });
});
