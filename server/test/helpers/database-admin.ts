import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function withAdminClient<T>(
  adminUrl: string,
  run: (c: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function createDatabase(adminUrl: string, name: string, template?: string) {
  await withAdminClient(adminUrl, (c) =>
    c.query(`CREATE DATABASE ${quote(name)}${template ? ` TEMPLATE ${quote(template)}` : ''}`),
  );
}

export async function dropDatabase(adminUrl: string, name: string) {
  await withAdminClient(adminUrl, (c) =>
    c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`),
  );
}
