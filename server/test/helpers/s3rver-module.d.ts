// s3rver ships no types: what the tests use of it.
declare module 's3rver' {
  import type { Server } from 'node:http';

  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string });
    httpServer: Server | undefined;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
