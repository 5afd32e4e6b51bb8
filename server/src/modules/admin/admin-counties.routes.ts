import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { AuthMail } from '../auth/auth-mail.ts';

export async function adminCountiesRoutes(_app: FastifyInstance, _options: { db: Database; mail: AuthMail }) {}
