import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerInFlight } from './in-flight.ts';

/**
 * A real socket: the client gives up while its handler is still running, the server sees its
 * connection close, then the app closes.
 */
describe('closing the app', () => {
  const slowApp = async (timeoutMs?: number) => {
    const app = Fastify();
    registerInFlight(app, { timeoutMs });
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let aborted!: () => void;
    const clientGone = new Promise<void>((resolve) => (aborted = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    app.get('/slow', async (req) => {
      req.raw.socket.on('close', aborted);
      started();
      await gate;
      events.push('handler finished');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // The client sends the request, then goes away before the answer.
    const client = request({ port, host: '127.0.0.1', path: '/slow' });
    client.on('error', () => {});
    client.end();
    await handlerStarted;
    client.destroy();
    await clientGone;
    return { app, release, events };
  };

  it('waits for a handler whose client has gone before it resolves', async () => {
    const { app, release, events } = await slowApp();
    const closed = app.close().then(() => events.push('closed'));
    // Closing cannot finish while the handler holds the gate: release it only once the
    // server has stopped listening, so the order below is decided by the plugin alone.
    await new Promise<void>((resolve) => {
      const check = () => (app.server.listening ? setImmediate(check) : resolve());
      check();
    });
    expect(events).toEqual([]);
    release();
    await closed;
    expect(events).toEqual(['handler finished', 'closed']);
  });

  it('gives up waiting after its timeout', async () => {
    const { app, release, events } = await slowApp(50);
    await app.close();
    expect(events).toEqual([]);
    release();
  });
});
