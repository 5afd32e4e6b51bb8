import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, createPool, type Database } from '../src/db/database.ts';
import { freePort } from '../src/lib/free-port.ts';
import { RETRY_AFTER_SECONDS } from '../src/plugins/error-handler.ts';
import { createCounty } from './helpers/factories.ts';
import { offlineMailSender, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

// The database out of reach under a running app (the test's Postgres behind a relay this test
// cuts, then a database that takes no more connections): calls answer 503 "briefly unavailable,
// try again" with Retry-After, not 500; and once it is back, 200.

const log = pino({ level: 'silent' });

/** A Postgres ErrorResponse message, as the server sends one before it closes a connection. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/**
 * A TCP relay to Postgres the test can cut (connections dropped, new ones refused), or make
 * answer every new connection as a server with no connection left does.
 */
async function relay(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let full = false;
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    if (full) {
      client.once('data', () =>
        client.end(errorResponse('53300', 'sorry, too many clients already')),
      );
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  await listen();
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        dropAll();
      }),
    open: async () => {
      full = false;
      if (!server.listening) await listen();
    },
    fill: () => {
      full = true;
      dropAll();
    },
    close: () =>
      new Promise<void>((resolve) =>
        server.listening ? server.close(() => resolve()) : resolve(),
      ),
  };
}

describe('the database out of reach under a running app', () => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let link: Awaited<ReturnType<typeof relay>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await createCounty(database.db, { name: 'Outage', code: 'OUT' });
    const target = new URL(database.url);
    link = await relay({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(database.url);
    url.hostname = '127.0.0.1';
    url.port = String(link.port);
    const config = testConfig(url.toString());
    db = createDatabase(createPool(url.toString(), 4, log));
    app = await buildApp(config, { db, mailSender: offlineMailSender(config, db), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await link?.close();
    await database?.drop();
  });

  let terms = 0;
  const calls = () => [
    '/api/config',
    // A new term each time, past search's cache.
    `/api/search/name?County=Outage&SearchTerm=SM${terms++}`,
    `/api/search/address?County=Outage&SearchTerm=1${terms++} MAIN`,
  ];

  async function expectUnavailable() {
    const urls = calls();
    const answers = [];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      answers.push({
        url,
        status: res.statusCode,
        retryAfter: res.headers['retry-after'],
        body: res.json(),
      });
    }
    expect(answers).toEqual(
      urls.map((url) => ({
        url,
        status: 503,
        retryAfter: String(RETRY_AFTER_SECONDS),
        body: {
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The service is briefly unavailable. Please try again in a moment.',
        },
      })),
    );
  }

  async function expectAnswered() {
    for (const url of calls()) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  }

  it('answers while the database is there', expectAnswered);

  it('answers 503 with Retry-After while the connections are cut and refused', async () => {
    await link.cut();
    try {
      await expectUnavailable();
    } finally {
      await link.open();
    }
    await expectAnswered();
  });

  it('answers 503 while the database takes no more connections', async () => {
    link.fill();
    try {
      await expectUnavailable();
    } finally {
      await link.open();
    }
    await expectAnswered();
  });
});
