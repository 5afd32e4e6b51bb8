import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';

export async function adminUsersRoutes(_app: FastifyInstance, _options: { db: Database }) {}
