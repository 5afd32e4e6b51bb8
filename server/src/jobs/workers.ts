import { registerEngineWorkers } from '../engine/engine.jobs.ts';
import type { Engine } from '../engine/engine.ts';
import { registerMailWorker } from '../mail/mail.jobs.ts';
import { registerPruneExpired } from './prune-expired.ts';

/** Every queue this process works when it runs as a worker. */
export async function registerWorkers(engine: Engine): Promise<void> {
  await registerPruneExpired(engine.boss, engine.db);
  await registerMailWorker(engine.boss, engine.db, engine.mailer);
  await registerEngineWorkers(engine);
}
