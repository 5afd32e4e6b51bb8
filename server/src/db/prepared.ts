import { createHash } from 'node:crypto';
import { CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Executor } from './database.ts';

/**
 * Named prepared statements for the statements run on every keystroke. Kysely sends each query
 * as unnamed: Postgres parses and plans it every time (0.1–0.35 ms of a search's 0.7 ms). A
 * statement made by prepareStatement is sent with a name derived from its text instead, so
 * each connection parses it once; on search's own connections (database.ts
 * createSearchDatabase) it is also planned once.
 *
 * Kysely cannot name a statement, so the pool's clients look the text up (preparing, below)
 * in the names registered here; every other query is sent as before.
 */

/** Statement text → its name. Only the texts of prepareStatement: a handful of templates. */
const names = new Map<string, string>();
/** The texts of the statements made with `slow` (prepareStatement). */
const slowTexts = new Set<string>();
/** A bound, in case a statement's text were to vary with its input without end. */
const MAX_NAMES = 1000;

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `dw_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

/** A placeholder for a value of a statement's input: it can only be put in a `sql` template. */
export type Param<T> = { readonly [param]: T };
declare const param: unique symbol;
/** A statement template's input: a placeholder for each of its values. */
export type Params<A> = { readonly [K in keyof A]: Param<A[K]> };
/** The input of a template part used both in prepared statements and in queries built per run. */
export type Bound<A> = { readonly [K in keyof A]: A[K] | Param<A[K]> };

class Placeholder {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}

export type PrepareOptions = {
  /**
   * The statement can run for long (hundreds of milliseconds): search's connections give it a
   * connection of its own rather than queue it before the keystrokes' statements
   * (search-connections.ts).
   */
  slow?: boolean;
};

/** Whether `text` is the text of a statement made with `slow` (prepareStatement). */
export function isSlowStatement(text: string): boolean {
  return slowTexts.has(text);
}

/** A named prepared statement compiled once; `run` binds its input (prepareStatement). */
export type Statement<A, R> = { run(db: Executor, input: A): Promise<QueryResult<R>> };

/**
 * A statement run by name whose text is compiled once, not on every run: `template` builds it
 * from placeholders for its input, so its text cannot depend on the input's values, and each
 * run sends the values in their places. For the statements of every keystroke: compiling a
 * query with Kysely (its builder, identifiers and visitor) was a sixth of a search's CPU.
 */
export function prepareStatement<A extends Record<string, unknown>, R>(
  template: (input: Params<A>) => RawBuilder<R>,
  { slow = false }: PrepareOptions = {},
): Statement<A, R> {
  let compiled: { sql: string; keys: (keyof A)[] } | undefined;
  const placeholders = new Proxy({} as Params<A>, {
    get: (_, key) => new Placeholder(String(key)),
  });
  return {
    async run(db, input) {
      if (compiled === undefined) {
        const query = template(placeholders).compile(db);
        const keys = query.parameters.map((value) => {
          if (value instanceof Placeholder) return value.key;
          throw new Error(
            `a prepared statement's values come from its input, not ${String(value)}`,
          );
        });
        compiled = { sql: query.sql, keys };
        nameOf(compiled.sql);
        if (slow) slowTexts.add(compiled.sql);
      }
      const values = compiled.keys.map((key) => input[key]);
      return db.executeQuery(CompiledQuery.raw(compiled.sql, values) as CompiledQuery<R>);
    },
  };
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes a pool client send the registered statements by name: `client.query(text, values)`,
 * which is how Kysely runs every query, becomes `client.query({ name, text, values })`.
 */
export function preparing(client: pg.ClientBase): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (config: unknown, ...rest: unknown[]) => {
    if (
      typeof config === 'string' &&
      rest.length <= 1 &&
      (rest[0] === undefined || Array.isArray(rest[0]))
    ) {
      const name = names.get(config);
      if (name !== undefined) return query({ name, text: config, values: rest[0] });
    }
    return query(config, ...rest);
  };
}
