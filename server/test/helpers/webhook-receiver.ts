import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type ReceivedRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
};

export type Responder = (request: ReceivedRequest, res: ServerResponse) => void;

export type Receiver = {
  port: number;
  /** https://127.0.0.1:<port><path> */
  url: (path?: string) => string;
  /** The receiver's self-signed certificate, for WEBHOOK_CA_FILE. */
  caFile: string;
  requests: ReceivedRequest[];
  /** How the next requests are answered; 204 unless told otherwise. */
  respond: (responder: Responder) => void;
  /** Answers with these statuses in turn, then with the last one. */
  statuses: (...statuses: number[]) => void;
  close: () => Promise<void>;
};

/**
 * A webhook receiver over HTTPS, on the loopback address only, with a certificate made for it
 * (localhost, receiver.test and 127.0.0.1), recording every request.
 */
export async function startReceiver(): Promise<Receiver> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deedwatch-receiver-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,DNS:receiver.test,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const requests: ReceivedRequest[] = [];
  let responder: Responder = (_request, res) => void res.writeHead(204).end();
  const server = https.createServer(
    { key: readFileSync(keyFile), cert: readFileSync(certFile) },
    (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        requests.push(request);
        responder(request, res);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (p = '/hook') => `https://127.0.0.1:${port}${p}`,
    caFile: certFile,
    requests,
    respond: (next) => {
      responder = next;
    },
    statuses: (...statuses) => {
      const queue = [...statuses];
      responder = (_request, res) => {
        const status = queue.length > 1 ? queue.shift()! : queue[0]!;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
