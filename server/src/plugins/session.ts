import { createHash } from 'node:crypto';
import fastifySession from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import type { Database } from '../db/database.ts';
import * as sessions from '../modules/auth/sessions.repository.ts';

export const SESSION_COOKIE = 'deedwatch.sid';

/**
 * The session cookie's name. Over https it carries the __Host- prefix: browsers then take it
 * only with Secure, Path=/ and no Domain, so no other host (a sibling subdomain) can set it.
 */
export const sessionCookieName = (secure: boolean) =>
  secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

/**
 * What the sessions table keeps of a session id: its SHA-256, so a copy of the table (a
 * backup, a read replica) holds no id that a cookie could carry.
 */
export const hashSessionId = (sid: string) => createHash('sha256').update(sid).digest('hex');

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
    sessions
      .upsertSession(this.db, {
        sid: hashSessionId(sid),
        data: JSON.stringify(session),
        userId: session.userId ?? null,
        expiresAt: session.cookie.expires ?? new Date(Date.now() + SESSION_MAX_AGE_MS),
      })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, session?: Session | null) => void): void {
    sessions
      .findSession(this.db, hashSessionId(sid))
      .then((row) => callback(null, row ? (row.data as Session) : null), callback);
  }

  destroy(sid: string, callback: Callback): void {
    sessions.deleteSessions(this.db, [hashSessionId(sid)]).then(() => callback(), callback);
  }
}

export type SessionOptions = { secret: string; secure: boolean };

/** The session on the routes of `app` and its children; @fastify/cookie must be registered. */
export async function registerSession(app: FastifyInstance, db: Database, options: SessionOptions) {
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: sessionCookieName(options.secure),
    store: new PostgresSessionStore(db),
    // @fastify/session's defaults would store a row per anonymous request and write on every one.
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
