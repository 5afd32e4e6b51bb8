import type { Engine } from '../engine.ts';

/** The daily digest of possible matches (send-digests). */
export async function registerDigestWorkers(_engine: Engine): Promise<void> {}
