import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config, TrustProxy } from './config.ts';
import { createSearchDatabase, type Database } from './db/database.ts';
import { countyPathPolicy } from './lib/county-paths.ts';
import { valibotValidatorCompiler } from './lib/schema.ts';
import type { MailSender } from './mail/mail-sender.ts';
import type { SmsSender } from './mail/sms-sender.ts';
import { adminCountiesRoutes } from './modules/admin/admin-counties.routes.ts';
import { adminDashboardRoutes } from './modules/admin/admin-dashboard.routes.ts';
import { adminJobsRoutes } from './modules/admin/admin-jobs.routes.ts';
import { adminMetricsRoutes } from './modules/admin/admin-metrics.routes.ts';
import { adminUsersRoutes, adminWelcomeRoutes } from './modules/admin/admin-users.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { adminCasesRoutes } from './modules/cases/admin-cases.routes.ts';
import { casesRoutes } from './modules/cases/cases.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { explainRoutes } from './modules/explain/explain.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { smsRoutes } from './modules/sms/sms.routes.ts';
import { trustedContactsRoutes } from './modules/trusted-contacts/trusted-contacts.routes.ts';
import { apiAccessRoutes } from './modules/tokens/api-access.routes.ts';
import { eventsRoutes } from './modules/user/events.routes.ts';
import { possibleMatchesRoutes } from './modules/user/possible-matches.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { registerAccessGuard } from './plugins/access-guard.ts';
import { registerAttemptRefunds } from './plugins/attempt-limits.ts';
import { registerBearerAuth } from './plugins/bearer-auth.ts';
import { languageOf } from './mail/mail.repository.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerImpersonationAudit } from './plugins/impersonation.ts';
import { registerInFlight } from './plugins/in-flight.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerHttpMetrics } from './plugins/metrics.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRouteRegistry } from './plugins/route-registry.ts';
import { registerSecurity, requestTimeouts } from './plugins/security.ts';
import { registerSession } from './plugins/session.ts';
import { registerSessionLifecycle } from './plugins/session-lifecycle.ts';
import { registerSwagger } from './plugins/swagger.ts';
import { registerWeb } from './plugins/web.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { createBlobStore } from './storage/document-store.ts';

/** Config once the runtime has settled the database and the session secret. */
export type AppConfig = Config & { sessionSecret: string; databaseUrl: string };

/**
 * logger: the process's (lib/logger.ts, which redacts codes, cookies and addresses) or none.
 * delay: how the app waits where it means to (the staff sign-in slow-down); node's timer when
 * not given.
 */
export type AppDeps = {
  db: Database;
  mailSender: MailSender;
  /** Texts (verification links); null or absent when SMS_TRANSPORT offers none. */
  smsSender?: SmsSender | null;
  /** The started job queue, for routes that queue work of their own (a new guard's history check). */
  boss?: PgBoss;
  logger?: Logger | false;
  delay?: (ms: number) => Promise<unknown>;
  /** The document store the workers use; default: the one the config names. */
  blobs?: BlobStore;
};

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify takes a bare hop count as trusting nobody; as a
 * function it trusts the nearest `hops` addresses, so the client is the address the farthest
 * proxy saw, whatever a client writes in X-Forwarded-For before it.
 */
function fastifyTrustProxy(trust: TrustProxy) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust === false ? false : [...trust];
}

/**
 * Builds the HTTP app: used by main and by tests alike. The caller owns the database handle
 * and the job queue (and closes them); the app owns everything it registers.
 */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger || undefined,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Login and every other small JSON call fit in 16 KiB; the few routes that take lists of
    // items set their own limit, computed from their schema (maxJsonBytes).
    bodyLimit: 16 * 1024,
    // A `__proto__` or `constructor` key in a JSON body is a client mistake, answered with 400.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    ...requestTimeouts(config.requestTimeoutMs),
  }) as unknown as FastifyInstance;

  // Search's own connections (createSearchDatabase), owned by the app. Closed last: onClose
  // hooks run the latest added first, so closing waits for the handlers in flight (below) first.
  const searchDb = createSearchDatabase(config.databaseUrl, config.searchPoolSize, app.log);
  app.addHook('onClose', () => searchDb.destroy());
  registerRouteRegistry(app);
  registerInFlight(app);
  registerHttpMetrics(app);
  app.setValidatorCompiler(valibotValidatorCompiler);
  const https = config.appUrl.startsWith('https://');
  registerErrorHandler(app, { https, languageOf: (userId) => languageOf(deps.db, userId) });
  registerJsonBody(app);

  const { db } = deps;
  await registerSecurity(app, { https, rateLimitPerMinute: config.rateLimitPerMinute });
  await registerSwagger(app);
  // Before the session: a request with a personal access token leaves its cookie unread.
  registerBearerAuth(app, db, config);
  await app.register(fastifyCookie);
  registerOriginCheck(app, config.appUrl);
  // After the session is loaded and its expiry enforced (onRequest), before the input is checked.
  registerAccessGuard(app, db);

  // Every module's routes, each declaring its full path and the access of each route.
  await app.register(healthRoutes, { db });
  await app.register(metricsRoutes, { db, token: config.metricsToken });
  // Search is called on every keystroke, nearly always anonymously, and reads no session: its
  // routes are served outside the session's scope, so those requests build no session (an id,
  // its signature and two hashes of its content, for a session nobody keeps).
  await app.register(
    async (api) => {
      await api.register(searchRoutes, { db: searchDb, cacheTtlMs: config.searchCacheTtlMs });
    },
    { prefix: '/api' },
  );
  await app.register((withSession) => registerSessionRoutes(withSession, config, deps));

  await registerWeb(app, config.webDist);
  return app;
}

/** The session, its expiry and the impersonation audit, and every route that has a session. */
async function registerSessionRoutes(app: FastifyInstance, config: AppConfig, deps: AppDeps) {
  const { db, mailSender } = deps;
  const https = config.appUrl.startsWith('https://');
  await registerSession(app, db, { secret: config.sessionSecret, secure: https });
  registerSessionLifecycle(app, db);
  registerImpersonationAudit(app, db);
  registerAttemptRefunds(app, db);

  const mail = {
    mailSender,
    smsSender: deps.smsSender ?? null,
    brand: {
      appUrl: config.appUrl,
      supportPhone: config.supportPhone,
      supportEmail: config.supportEmail,
    },
  };
  await app.register(
    async (api) => {
      await api.register(configRoutes, { db, smsOffered: mail.smsSender !== null });
      await api.register(authRoutes, {
        db,
        mail,
        limits: config,
        delay: deps.delay,
        boss: deps.boss,
      });
      await api.register(userRoutes, { db, mail, limits: config, boss: deps.boss });
      await api.register(possibleMatchesRoutes, { db });
      await api.register(eventsRoutes, { db });
      await api.register(documentsRoutes, { db, blobs: deps.blobs ?? createBlobStore(config) });
      await api.register(adminMetricsRoutes, { db });
      await api.register(adminUsersRoutes, { db });
      await api.register(adminCountiesRoutes, {
        db,
        boss: deps.boss,
        countyPaths: countyPathPolicy(config),
      });
      await api.register(auditRoutes, { db });
      await api.register(adminWelcomeRoutes, { db, mail });
      await api.register(adminJobsRoutes, { db, boss: deps.boss });
      await api.register(explainRoutes, { db });
      const cases = { db, boss: deps.boss, ...mail, blobs: deps.blobs ?? createBlobStore(config) };
      await api.register(casesRoutes, cases);
      await api.register(adminCasesRoutes, cases);
      await api.register(trustedContactsRoutes, { db, ...mail, limits: config });
      await api.register(apiAccessRoutes, { db, boss: deps.boss, config });
      await api.register(smsRoutes, {
        db,
        mailSender,
        brand: mail.brand,
        authToken: config.twilio?.authToken,
      });
    },
    { prefix: '/api' },
  );
  // Either outbox asked for by name (or the embedded default) shows its messages there.
  const mailOutbox = config.mailTransport === 'outbox' && mailSender.transport.name === 'outbox';
  const smsOutbox = config.smsTransport === 'outbox' && mail.smsSender?.transport.name === 'outbox';
  if (mailOutbox || smsOutbox) await app.register(devMailRoutes, { db });
  await app.register(adminDashboardRoutes, {
    databaseUrl: config.databaseUrl,
    appUrl: config.appUrl,
  });
}
