import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger.ts';
import { startMetricsServer } from '../src/metrics-server.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// Clients that never finish a request, on a real socket (inject cannot be slow): they may not
// hold a connection open, and a client that hangs up is not the server's error.

/** Opens a connection to `port`, sends `bytes`, and collects what comes back until it closes. */
function connect(port: number, bytes: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => {});
  socket.write(bytes);
  return { socket, received: () => received, closed: () => closed };
}

// A public route, whose body is read.
const UNFINISHED_BODY =
  'POST /api/user/register HTTP/1.1\r\nHost: localhost\r\n' +
  'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"l';

describe('a client that does not finish its request', () => {
  let t: TestApp;
  let port: number;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      { ...NO_RATE_LIMITS, REQUEST_TIMEOUT_SECONDS: '1' },
      { workers: false, logger: createLogger('info', { write: (line) => void lines.push(line) }) },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('gets 408 and its connection closed once the request timeout has passed', async () => {
    const body = connect(port, UNFINISHED_BODY);
    const headers = connect(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');

    for (const client of [body, headers]) {
      await waitFor('the connection to be closed', client.closed, 10_000);
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    }
  });

  it('on the metrics port of a worker-only process, gets 408 and its connection closed too', async () => {
    const metrics = await startMetricsServer({ ...t.config, metricsPort: 0 }, { db: t.db });
    try {
      const { port: metricsPort } = metrics.server.address() as net.AddressInfo;
      const client = connect(metricsPort, 'GET /metrics HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');

      await waitFor('the connection to be closed', client.closed, 10_000);
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await metrics.close();
    }
  });

  it('that hangs up mid-body is logged as no error', async () => {
    const client = connect(port, UNFINISHED_BODY);
    // Once the server is reading the body (it has asked for it), the client goes.
    await waitFor('the request to reach the server', () =>
      lines.some((line) => line.includes('/api/user/register')),
    );
    client.socket.destroy();
    await waitFor('the request to be over', () =>
      lines.some((line) =>
        /"msg":"(client closed the connection mid-request|request failed)"/.test(line),
      ),
    );

    const levels = lines.map((line) => (JSON.parse(line) as { level: number }).level);
    expect(Math.max(...levels)).toBeLessThan(50);
  });
});
