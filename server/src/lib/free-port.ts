import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on or connects from right now, as the system
 * hands one out, for a server of our own to start on (an embedded Postgres in tests and
 * scripts). A port picked at random may be one an open connection is using.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
