import { isIP } from 'node:net';
import path from 'node:path';
import * as v from 'valibot';

/**
 * Where root keeps what the embedded Postgres's `postgres` user must reach when a clone sits in a
 * folder that user cannot enter: the clusters and a copy of the server binaries.
 */
export const ROOT_STATE_DIR = '/var/lib/deedwatch';

/** The repository root: every default path is relative to it, whatever the working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

const boolean = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
  v.transform((s) => s === 'true' || s === '1'),
);

const SETTING = /^([a-z_][a-z0-9_.]*)=(\S+)$/i;

/**
 * Postgres settings as EMBEDDED_POSTGRES_SETTINGS writes them: `name=value` pairs separated by
 * spaces (`shared_buffers=2GB work_mem=16MB`). Throws, naming the first pair that is not one.
 */
export function parseSettings(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const pair of text.split(/\s+/).filter((p) => p !== '')) {
    const match = SETTING.exec(pair);
    if (!match) throw new Error(`'${pair}' is not a name=value setting`);
    settings[match[1]!.toLowerCase()] = match[2]!;
  }
  return settings;
}

const integer = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

const postgresUrl = v.pipe(
  v.string(),
  v.url('must be a URL such as postgres://user:password@host:5432/database'),
  v.regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
);

const httpUrl = v.pipe(
  v.string(),
  v.url('must be a URL such as https://deedwatch.example.com'),
  v.regex(/^https?:\/\/[^/]+$/, 'must be http(s)://host[:port] with no path or trailing slash'),
);

/** An S3-compatible bucket of recorded documents: AWS S3, MinIO, Cloudflare R2. */
export type S3Settings = {
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  /** Unset: the AWS SDK's own chain (AWS_* variables, a profile, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Buckets addressed as endpoint/bucket/key rather than bucket.endpoint/key (MinIO). */
  forcePathStyle: boolean;
};

/** Fastify's trustProxy: off, how many proxies stand in front, or which addresses they have. */
export type TrustProxy = false | number | readonly string[];

const TRUST_PROXY_TRUE =
  'must not be true: that trusts any X-Forwarded-For, so a client could name its own address and slip past the per-address limits. Write how many proxies stand in front of the server (e.g. 1), or their addresses or CIDRs separated by commas (e.g. 10.0.0.2,10.1.0.0/16)';
const TRUST_PROXY_FORMAT =
  'must be false, the number of proxies in front of the server (e.g. 1), or their addresses or CIDRs separated by commas (e.g. 10.0.0.2,10.1.0.0/16)';
// proxy-addr's names for whole ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  if (slash === -1) return true;
  const prefix = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxy = v.pipe(
  v.string(),
  v.maxLength(4096, TRUST_PROXY_FORMAT),
  v.rawTransform(({ dataset, addIssue, NEVER }): TrustProxy => {
    const value = dataset.value.trim();
    if (value === 'false' || value === '0') return false;
    if (value === 'true') {
      addIssue({ message: TRUST_PROXY_TRUE });
      return NEVER;
    }
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined) {
      addIssue({ message: `${TRUST_PROXY_FORMAT}: '${bad}' is none of these` });
      return NEVER;
    }
    return Object.freeze(entries);
  }),
);

const EnvSchema = v.object({
  DATABASE_URL: v.optional(postgresUrl),
  PORT: v.optional(integer(0, 65535), '3000'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  APP_URL: v.optional(httpUrl),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), path.join(repoRoot, '.data')),
  DOCUMENTS_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  DOCUMENT_STORE: v.optional(v.picklist(['fs', 's3'], 'must be fs or s3'), 'fs'),
  S3_BUCKET: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      ),
    ),
  ),
  S3_REGION: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/, 'must be a region such as us-east-1 or auto')),
    'us-east-1',
  ),
  S3_ENDPOINT: v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL such as http://127.0.0.1:9000'),
      v.regex(/^https?:\/\/[^/]+$/, 'must be http(s)://host[:port] with no path or trailing slash'),
    ),
  ),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(256))),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(256))),
  S3_FORCE_PATH_STYLE: v.optional(boolean, 'false'),
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'), v.maxLength(1024)),
  ),
  METRICS_PORT: v.optional(integer(1, 65535)),
  COUNTY_PATH_ROOTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(':').filter((part) => part !== '')),
      v.check(
        (roots) => roots.every((root) => path.isAbsolute(root)),
        'must be absolute folders separated by colons, e.g. /srv/feeds:/srv/mailers',
      ),
    ),
  ),
  WEB_DIST: v.optional(v.pipe(v.string(), v.minLength(1)), path.join(repoRoot, 'web/dist')),
  EMBEDDED_POSTGRES_PORT: v.optional(integer(1024, 65535), '54329'),
  EMBEDDED_POSTGRES_SETTINGS: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        try {
          return parseSettings(dataset.value);
        } catch (err) {
          addIssue({
            message: `${(err as Error).message} (e.g. shared_buffers=2GB work_mem=16MB)`,
          });
          return NEVER;
        }
      }),
    ),
  ),
  // At least 2: the inbox poll and the county mailer hold a connection for their lock while
  // they work through the pool.
  DATABASE_POOL_SIZE: v.optional(integer(2, 200), '10'),
  SEARCH_POOL_SIZE: v.optional(integer(1, 200), '6'),
  SEARCH_CACHE_TTL_MS: v.optional(integer(0, 600_000), '10000'),
  LOG_LEVEL: v.optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  RATE_LIMIT_PER_MINUTE: v.optional(integer(1, 1_000_000), '600'),
  AUTH_RATE_LIMIT_PER_IP: v.optional(integer(1, 1_000_000), '30'),
  AUTH_RATE_LIMIT_PER_EMAIL: v.optional(integer(1, 1_000_000), '5'),
  TRUST_PROXY: v.optional(trustProxy, 'false'),
  REQUEST_TIMEOUT_SECONDS: v.optional(integer(1, 3600), '30'),
  SEED_DEMO_ON_FIRST_START: v.optional(boolean),
  MAIL_TRANSPORT: v.optional(v.picklist(['postmark', 'outbox'], 'must be postmark or outbox')),
  POSTMARK_SERVER_TOKEN: v.optional(v.pipe(v.string(), v.minLength(1))),
  POSTMARK_API_HOST: v.optional(
    v.pipe(v.string(), v.regex(/^[\w.-]+(:\d+)?$/, 'must be host[:port]')),
    'api.postmarkapp.com',
  ),
  POSTMARK_USE_HTTPS: v.optional(boolean, 'true'),
  POSTMARK_MESSAGE_STREAM: v.optional(v.pipe(v.string(), v.minLength(1)), 'outbound'),
  POSTMARK_TIMEOUT_SECONDS: v.optional(integer(1, 300), '30'),
  POSTMARK_ALERT_TEMPLATES: v.optional(boolean, 'false'),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.regex(/@/, 'must be an address such as DeedWatch <alerts@example.com>')),
    'DeedWatch <alerts@deedwatch.localhost>',
  ),
  SUPPORT_PHONE: v.optional(v.pipe(v.string(), v.minLength(1)), '(800) 555-0142'),
  SUPPORT_EMAIL: v.optional(
    v.pipe(v.string(), v.email('must be an email address')),
    'support@deedwatch.localhost',
  ),
  TOKEN_RATE_LIMIT_PER_MINUTE: v.optional(integer(1, 1_000_000), '120'),
  WEBHOOK_ALLOW_LOOPBACK: v.optional(boolean, 'false'),
  WEBHOOK_CA_FILE: v.optional(v.pipe(v.string(), v.minLength(1))),
  SMS_TRANSPORT: v.optional(v.picklist(['twilio', 'outbox'], 'must be twilio or outbox')),
  TWILIO_ACCOUNT_SID: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^AC[0-9a-fA-F]{32}$/, 'must be an Account SID: AC and 32 hex digits'),
    ),
  ),
  TWILIO_AUTH_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters')),
  ),
  TWILIO_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
        'must be a phone number in E.164 form (+15551234567) or a Messaging Service SID (MG…)',
      ),
    ),
  ),
  TWILIO_API_BASE_URL: v.optional(httpUrl, 'https://api.twilio.com'),
  TWILIO_TIMEOUT_SECONDS: v.optional(integer(1, 300), '30'),
  SMS_DAILY_LIMIT: v.optional(integer(0, 10_000_000), '1000'),
});

export type Config = Readonly<{
  /** Unset: an embedded Postgres under dataDir is started. */
  databaseUrl: string | undefined;
  port: number;
  host: string;
  /** Public address of the web app: links in mail, the Origin allowed to change state. */
  appUrl: string;
  /** Unset only with the embedded database, where main generates and keeps one. */
  sessionSecret: string | undefined;
  dataDir: string;
  /** The blob store of recorded documents: <documentsDir>/<container>/<file>. */
  documentsDir: string;
  /** Where recorded documents are kept: fs, the documents folder; s3, the bucket of `s3`. */
  documentStore: 'fs' | 's3';
  /** Set whenever S3_BUCKET is (the copy into a bucket needs it before the switch to s3). */
  s3: S3Settings | undefined;
  /** The bearer token /metrics asks for; unset, /metrics answers anyone who reaches it. */
  metricsToken: string | undefined;
  /** A --worker process, which serves no API, serves /metrics and /healthz on this port. */
  metricsPort: number | undefined;
  /**
   * Folders besides dataDir under which a county's inbox, mailer output and mailer template
   * may be (COUNTY_PATH_ROOTS); no admin setting reaches outside them.
   */
  countyPathRoots: readonly string[];
  webDist: string;
  embeddedPostgresPort: number;
  /** Settings over the shipped ones of the embedded Postgres (db/tuning.ts). */
  embeddedPostgresSettings: Readonly<Record<string, string>>;
  databasePoolSize: number;
  /** Connections per process for search alone (db/database.ts createSearchDatabase). */
  searchPoolSize: number;
  /** How long a search answer is given again without a query; 0 keeps none (search.cache.ts). */
  searchCacheTtlMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimitPerMinute: number;
  /** Sign-in attempts (and code redemptions) per client address per 15 minutes. */
  authRateLimitPerIp: number;
  /** Sign-in attempts per email address per 15 minutes. */
  authRateLimitPerEmail: number;
  /**
   * Whose X-Forwarded-For (and -Proto, -Host) is believed. A hop count trusts the nearest N
   * addresses whoever connects: right only where clients can reach the server through the
   * proxies alone. A list trusts only those addresses.
   */
  trustProxy: TrustProxy;
  /**
   * How long a client may take to send a whole request (headers and body); a slower one gets 408
   * and its connection is closed, so slow or unfinished requests cannot hold connections open.
   */
  requestTimeoutMs: number;
  /** Seed the demo data when the database has no county yet. Default: only with the embedded database. */
  seedDemoOnFirstStart: boolean;
  /**
   * postmark: mail is sent. outbox: a development transport that sends nothing and keeps every
   * message in the outbox table, readable by anyone at /dev/mail.
   */
  mailTransport: 'postmark' | 'outbox';
  /** Set exactly when mailTransport is postmark. */
  postmark:
    | {
        serverToken: string;
        apiHost: string;
        useHttps: boolean;
        messageStream: string;
        timeoutSeconds: number;
        /**
         * Alerts go out with the county's template alias (alertSendGridEmailTemplateId), which
         * must then exist in Postmark; off: with the built-in alert template.
         */
        alertTemplates: boolean;
      }
    | undefined;
  mailFrom: string;
  supportPhone: string;
  supportEmail: string;
  /** Calls per minute one personal access token may make before 429 (kept in Postgres). */
  tokenRateLimitPerMinute: number;
  /**
   * Webhook endpoints on loopback addresses (127.0.0.0/8, ::1) may be registered and delivered
   * to. Off unless set: for tests and development on one machine, never a server people use.
   * Private, link-local and every other non-public address stay refused either way.
   */
  webhookAllowLoopback: boolean;
  /** A PEM file of certificate authorities trusted for webhook receivers besides the system's. */
  webhookCaFile: string | undefined;
  /**
   * twilio: texts are sent through Twilio. outbox: kept in the outbox and shown at /dev/mail
   * beside the mail. none: phone methods are not offered at all.
   */
  smsTransport: 'twilio' | 'outbox' | 'none';
  /** Set exactly when smsTransport is twilio. */
  twilio:
    | {
        accountSid: string;
        authToken: string;
        /** The sending number, or a Messaging Service SID. */
        from: string;
        /** Where the API is reached: Twilio's own address unless told otherwise. */
        apiBaseUrl: string;
        timeoutSeconds: number;
      }
    | undefined;
  /** Alert texts per day (UTC) across every number; past it, alerts go by email only. */
  smsDailyLimit: number;
}>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment once. Empty strings count as unset, as in most .env tooling. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(
    Object.keys(EnvSchema.entries)
      .map((key) => [key, env[key]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    throw new ConfigError(
      result.issues.map((issue) => {
        const key = v.getDotPath(issue) ?? '(environment)';
        return `${key} ${issue.message}`;
      }),
    );
  }
  const e = result.output;
  if (e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new ConfigError([
      'SESSION_SECRET is required when DATABASE_URL is set (at least 32 random characters, e.g. `openssl rand -base64 48`)',
    ]);
  }
  const mailTransport = e.MAIL_TRANSPORT ?? (e.POSTMARK_SERVER_TOKEN ? 'postmark' : undefined);
  if (mailTransport === 'postmark' && !e.POSTMARK_SERVER_TOKEN) {
    throw new ConfigError([
      'POSTMARK_SERVER_TOKEN is required when MAIL_TRANSPORT is postmark (the Server API token of your Postmark server)',
    ]);
  }
  // The outbox shows every sign-in link at /dev/mail: a server with a database of its own
  // must ask for it by name, never fall into it for want of a token.
  if (!mailTransport && e.DATABASE_URL) {
    throw new ConfigError([
      'POSTMARK_SERVER_TOKEN is required when DATABASE_URL is set, so that mail is really sent. For development only, set MAIL_TRANSPORT=outbox instead: nothing is sent and every message, sign-in links included, can be read by anyone at /dev/mail',
    ]);
  }
  if (e.DOCUMENT_STORE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError([
      'S3_BUCKET is required when DOCUMENT_STORE is s3 (with S3_REGION, and S3_ENDPOINT for a store other than AWS S3)',
    ]);
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK credential chain',
    ]);
  }
  const smsTransport =
    e.SMS_TRANSPORT ?? (e.TWILIO_ACCOUNT_SID ? 'twilio' : e.DATABASE_URL ? 'none' : 'outbox');
  if (smsTransport === 'twilio') {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter(
      (key) => !e[key],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        missing.map(
          (key) =>
            `${key} is required when SMS_TRANSPORT is twilio (the Account SID, Auth Token and sending number or Messaging Service SID of your Twilio account)`,
        ),
      );
    }
  }
  return Object.freeze({
    databaseUrl: e.DATABASE_URL,
    port: e.PORT,
    host: e.HOST,
    appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    sessionSecret: e.SESSION_SECRET,
    dataDir: path.resolve(e.DATA_DIR),
    documentsDir: path.resolve(e.DOCUMENTS_DIR ?? path.join(e.DATA_DIR, 'documents')),
    documentStore: e.DOCUMENT_STORE,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    countyPathRoots: Object.freeze((e.COUNTY_PATH_ROOTS ?? []).map((root) => path.resolve(root))),
    webDist: path.resolve(e.WEB_DIST),
    embeddedPostgresPort: e.EMBEDDED_POSTGRES_PORT,
    embeddedPostgresSettings: Object.freeze(e.EMBEDDED_POSTGRES_SETTINGS ?? {}),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    searchPoolSize: e.SEARCH_POOL_SIZE,
    searchCacheTtlMs: e.SEARCH_CACHE_TTL_MS,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    authRateLimitPerEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    seedDemoOnFirstStart: e.SEED_DEMO_ON_FIRST_START ?? !e.DATABASE_URL,
    mailTransport: mailTransport ?? 'outbox',
    postmark:
      mailTransport === 'postmark' && e.POSTMARK_SERVER_TOKEN
        ? {
            serverToken: e.POSTMARK_SERVER_TOKEN,
            apiHost: e.POSTMARK_API_HOST,
            useHttps: e.POSTMARK_USE_HTTPS,
            messageStream: e.POSTMARK_MESSAGE_STREAM,
            timeoutSeconds: e.POSTMARK_TIMEOUT_SECONDS,
            alertTemplates: e.POSTMARK_ALERT_TEMPLATES,
          }
        : undefined,
    mailFrom: e.MAIL_FROM,
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    tokenRateLimitPerMinute: e.TOKEN_RATE_LIMIT_PER_MINUTE,
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
    webhookCaFile: e.WEBHOOK_CA_FILE && path.resolve(e.WEBHOOK_CA_FILE),
    smsTransport,
    twilio:
      smsTransport === 'twilio'
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID!,
            authToken: e.TWILIO_AUTH_TOKEN!,
            from: e.TWILIO_FROM!,
            apiBaseUrl: e.TWILIO_API_BASE_URL,
            timeoutSeconds: e.TWILIO_TIMEOUT_SECONDS,
          }
        : undefined,
    smsDailyLimit: e.SMS_DAILY_LIMIT,
  });
}
