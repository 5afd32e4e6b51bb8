import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { webhookSealingKey } from '../webhooks/delivery.service.ts';
import { systemResolver } from '../webhooks/safe-address.ts';
import { webhooksRoutes } from '../webhooks/webhooks.routes.ts';
import { tokensRoutes } from './tokens.routes.ts';

export type ApiAccessOptions = {
  db: Database;
  /** Where a resent webhook delivery is queued. */
  boss: PgBoss | undefined;
  config: Pick<Config, 'webhookAllowLoopback'> & { sessionSecret: string };
};

/** API access for programs: personal access tokens and webhook endpoints. */
export async function apiAccessRoutes(
  app: FastifyInstance,
  { db, boss, config }: ApiAccessOptions,
) {
  await app.register(tokensRoutes, { db });
  await app.register(webhooksRoutes, {
    db,
    boss,
    sealingKey: webhookSealingKey(config.sessionSecret),
    urlPolicy: { allowLoopback: config.webhookAllowLoopback, resolve: systemResolver },
  });
}
