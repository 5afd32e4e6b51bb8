import type { Engine } from '../engine.ts';

/** The history check of new guards (check-history). */
export async function registerHistoryWorkers(_engine: Engine): Promise<void> {}
