import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import type { Database } from '../db/database.ts';

export const SESSION_COOKIE = 'deedwatch.sid';
/** Absolute lifetime of a session cookie and its row. */
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Set while staff impersonate a subscriber: the staff account to restore at logout. */
    impersonatorId?: string;
  }
}

type Callback = (err?: unknown) => void;

/**
 * The @fastify/session store, in Postgres so sessions survive restarts and are shared by every
 * API process. Expired rows are never returned; the prune-expired job deletes them.
 */
export class PostgresSessionStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  set(sid: string, session: Session, callback: Callback): void {
    const expires = session.cookie.expires ?? new Date(Date.now() + SESSION_MAX_AGE_MS);
    const row = {
      sid,
      data: JSON.stringify(session),
      user_id: session.userId ?? null,
      expires_at: expires,
    };
    this.db
      .insertInto('sessions')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('sid')
          .doUpdateSet({ data: row.data, user_id: row.user_id, expires_at: row.expires_at }),
      )
      .execute()
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, session?: Session | null) => void): void {
    this.db
      .selectFrom('sessions')
      .select('data')
      .where('sid', '=', sid)
      .where('expires_at', '>', new Date())
      .executeTakeFirst()
      .then((row) => callback(null, row ? (row.data as Session) : null), callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }
}

export type SessionOptions = { secret: string; secure: boolean };

export async function registerSession(app: FastifyInstance, db: Database, options: SessionOptions) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: new PostgresSessionStore(db),
    // No row for anonymous requests, and no write on every request (STACK.md gotcha 9).
    saveUninitialized: false,
    rolling: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
}
