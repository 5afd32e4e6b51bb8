import { CompiledQuery, type Kysely } from 'kysely';
import type { Db } from 'pg-boss';

/**
 * Lets pg-boss write a job through a Kysely transaction, so the job exists exactly when the
 * rows that caused it do (`boss.send(name, data, { db: bossDb(trx) })`).
 */
export function bossDb<T>(executor: Kysely<T>): Db {
  return {
    async executeSql(text, values = []) {
      const result = await executor.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}
