import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// Already installed (@fastify/swagger's); no Docker engine here to run `docker compose config`.
import { parse } from 'yaml';
import { repoRoot } from '../src/config.ts';

// What the production image and the compose file must keep, read from the files themselves: no
// Docker engine runs where the tests do, so the image is never built here.

const read = (file: string) => readFile(path.join(repoRoot, file), 'utf8');

/** A Dockerfile's instructions, continuation lines joined, comments dropped, per stage. */
function stages(dockerfile: string): string[][] {
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const out: string[][] = [];
  for (const instruction of instructions) {
    if (/^FROM\s/i.test(instruction)) out.push([]);
    out.at(-1)?.push(instruction);
  }
  return out;
}

/** The packages a source file loads when it runs: type-only imports are erased, so not counted. */
function runtimeImports(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*import\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*export\s+(?!type\s)[^'"]*?\sfrom\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:'))
    .map((s) =>
      s
        .split('/')
        .slice(0, s.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

async function sources(folder: string): Promise<string[]> {
  const files = await readdir(path.join(repoRoot, folder), { recursive: true });
  return files
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(folder, f));
}

describe('the production image', () => {
  it('installs production dependencies only, with npm ci, and runs as the node user', async () => {
    const [build, runtime] = stages(await read('Dockerfile'));
    expect(build).toBeDefined();
    expect(runtime).toBeDefined();
    const all = [...build!, ...runtime!];
    expect(all.filter((i) => /\bnpm (install|i)\b/.test(i))).toEqual([]);
    expect(all.filter((i) => /^FROM /.test(i)).every((i) => /^FROM node:24[-\w.]*\b/.test(i))).toBe(
      true,
    );

    // The web app is built with dev dependencies in the first stage, only its output copied on.
    expect(build!.some((i) => /^RUN npm ci\b/.test(i))).toBe(true);
    expect(build!.some((i) => /^RUN npm run build\b/.test(i))).toBe(true);
    // What the web build reads outside web/: the tsconfig it extends, the rules it imports.
    const extended = JSON.parse(await read('web/tsconfig.json')).extends as string;
    expect(path.posix.join('web', extended)).toBe('tsconfig.json');
    expect(build).toContain('COPY tsconfig.json ./');
    expect(build).toContain('COPY rules rules');

    const installs = runtime!.filter((i) => /^RUN npm ci\b/.test(i));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/--omit=dev\b/);
    expect(installs[0]).toMatch(/--ignore-scripts\b/);
    expect(runtime!.some((i) => /\bnpm run build\b|\bvite\b/.test(i))).toBe(false);
    expect(runtime).toContain('COPY --from=web /app/web/dist web/dist');
    // Never the whole context (a stray .env, a local database) into the image that runs.
    expect(runtime!.filter((i) => /^COPY\s+\.\s/.test(i))).toEqual([]);

    const users = runtime!.filter((i) => /^USER\s/.test(i));
    expect(users.at(-1)).toBe('USER node');
    const cmd = runtime!.findIndex((i) => /^CMD\s/.test(i));
    expect(runtime!.lastIndexOf('USER node')).toBeLessThan(cmd);
    expect(runtime![cmd]).toBe('CMD ["node", "server/src/main.ts", "--api"]');
  });

  it('needs no dev dependency at run time: the server, its scripts and rules import only dependencies', async () => {
    const server = JSON.parse(await read('server/package.json'));
    const rules = JSON.parse(await read('rules/package.json'));
    const allowed = new Set([
      ...Object.keys(server.dependencies),
      ...Object.keys(rules.dependencies),
    ]);
    // The scripts the runtime stage copies, as its COPY instruction names them.
    const [, runtime] = stages(await read('Dockerfile'));
    const copy = runtime!.find((line) => /^COPY scripts\//.test(line));
    const copiedScripts = copy!.split(/\s+/).filter((word) => /^scripts\/[\w-]+\.ts$/.test(word));
    expect(copiedScripts).toContain('scripts/migrate.ts');
    const files = [
      ...(await sources('server/src')),
      ...(await sources('rules/src')),
      ...copiedScripts,
      ...(await sources('migrations')),
    ];
    expect(files.length).toBeGreaterThan(100);
    const outside: string[] = [];
    for (const file of files) {
      for (const name of runtimeImports(await read(file))) {
        if (!allowed.has(name)) outside.push(`${file}: ${name}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('leaves secrets, local data and built trees out of the build context', async () => {
    const entries = (await read('.dockerignore'))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const entry of ['.env', '.env.*', '.data', 'node_modules', '.git', 'e2e/artifacts']) {
      expect(entries).toContain(entry);
    }
    expect(entries).toContain('web/dist');
    // .env.example is documentation, and the last rule that matches a file decides.
    expect(entries.lastIndexOf('!.env.example')).toBeGreaterThan(entries.indexOf('.env.*'));
  });
});

describe('docker-compose.yml', () => {
  type Service = { environment?: Record<string, string>; volumes?: string[] };

  it('has the app connect as deedwatch_app, a role the init script creates with no superuser power', async () => {
    const compose = parse(await read('docker-compose.yml')) as {
      services: Record<string, Service>;
    };
    const { db, api, worker } = compose.services;
    const url = new URL(api!.environment!.DATABASE_URL!.replace(/\$\{[^}]*\}/g, 'secret'));
    const superuser = db!.environment!.POSTGRES_USER ?? 'postgres';
    expect(url.username).toBe('deedwatch_app');
    expect(url.username).not.toBe(superuser);
    expect(url.pathname).toBe('/deedwatch');
    expect(worker!.environment).toEqual(api!.environment);
    // Passwords are asked for, never defaulted.
    expect(db!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    expect(api!.environment!.DATABASE_URL).toMatch(/:\$\{DEEDWATCH_DB_PASSWORD:\?[^}]*\}@/);

    const mount = db!.volumes!.find((v) => v.includes(':/docker-entrypoint-initdb.d'));
    expect(mount).toBe('./docker/postgres-init:/docker-entrypoint-initdb.d:ro');
    const init = await read('docker/postgres-init/01-deedwatch.sql');
    expect(init).toMatch(
      /CREATE ROLE deedwatch_app LOGIN PASSWORD :'app_password'\s+NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;/,
    );
    expect(init).toContain('CREATE DATABASE deedwatch OWNER deedwatch_app;');
    expect(init).toMatch(/\\getenv app_password DEEDWATCH_DB_PASSWORD/);
    expect(db!.environment!.DEEDWATCH_DB_PASSWORD).toMatch(/^\$\{DEEDWATCH_DB_PASSWORD:\?.+\}$/);
    expect(init).not.toMatch(/\bGRANT\b[^;]*\bTO\s+deedwatch_app\b[^;]*;/i);
  });

  it('creates, as the superuser, every extension the migrations ask for', async () => {
    const init = await read('docker/postgres-init/01-deedwatch.sql');
    const created = new Set(
      [...init.matchAll(/^CREATE EXTENSION IF NOT EXISTS (\w+);$/gm)].map((m) => m[1]),
    );
    const wanted = new Set<string>();
    for (const file of await sources('migrations')) {
      for (const m of (await read(file)).matchAll(/CREATE EXTENSION (?:IF NOT EXISTS )?(\w+)/g)) {
        wanted.add(m[1]!);
      }
    }
    expect(wanted.size).toBeGreaterThan(0);
    expect([...wanted].filter((name) => !created.has(name))).toEqual([]);
    // Connected to the app's database when it creates them.
    expect(init.search(/^\\connect deedwatch$/m)).toBeLessThan(init.search(/^CREATE EXTENSION/m));
  });

  it('runs the production shape: Postgres, MinIO, 2 API replicas behind a proxy, 2 workers, each checked', async () => {
    type Full = Service & {
      deploy?: { replicas?: number };
      ports?: string[];
      healthcheck?: { test?: string[] };
      depends_on?: Record<string, { condition: string }>;
      entrypoint?: string[];
      image?: string;
    };
    const compose = parse(await read('docker-compose.yml')) as { services: Record<string, Full> };
    const { api, worker, proxy, minio, db } = compose.services;
    expect(api!.deploy?.replicas).toBe(2);
    expect(worker!.deploy?.replicas).toBe(2);
    // Only the proxy is published: replicas cannot share a host port.
    expect(api!.ports).toBeUndefined();
    expect(worker!.ports).toBeUndefined();
    expect(proxy!.ports).toEqual(['3000:80']);
    for (const [name, service] of Object.entries({ db, minio, api, worker, proxy })) {
      expect(service!.healthcheck?.test, name).toBeDefined();
    }
    // The workers' health check asks the port their metrics server listens on.
    expect(worker!.healthcheck!.test!.join(' ')).toContain(
      `127.0.0.1:${api!.environment!.METRICS_PORT}/readyz`,
    );

    const env = api!.environment!;
    expect(env.DOCUMENT_STORE).toBe('s3');
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(env.S3_FORCE_PATH_STYLE).toBe('true');
    expect(env.S3_SECRET_ACCESS_KEY).toMatch(/^\$\{DEEDWATCH_S3_SECRET:\?.+\}$/);
    expect(env.TRUST_PROXY).toBe('1');
    const init = compose.services['minio-init']!.entrypoint!.join('\n');
    expect(init).toContain(`mc mb --ignore-existing local/${env.S3_BUCKET}`);
    expect(init).toContain(`mc admin user add local ${env.S3_ACCESS_KEY_ID} `);
    for (const service of [api, worker]) {
      expect(service!.depends_on?.['minio-init']?.condition).toBe('service_completed_successfully');
    }

    // The proxy spreads requests over every replica and keeps /metrics inside.
    expect(proxy!.volumes).toContain('./docker/caddy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = await read('docker/caddy/Caddyfile');
    expect(caddyfile).toMatch(/dynamic a api 3000/);
    expect(caddyfile).toMatch(/@metrics path \/metrics\s+respond @metrics 404/);

    // Backups run in the image: pg_dump of the database's major version.
    const [, runtime] = stages(await read('Dockerfile'));
    const major = /^postgres:(\d+)$/.exec(db!.image!)?.[1];
    expect(runtime).toContain(`ARG PG_CLIENT_MAJOR=${major}`);
    expect(runtime!.some((i) => i.includes('"postgresql-client-${PG_CLIENT_MAJOR}"'))).toBe(true);
  });

  it('sends mail through Postmark, its token asked for and named in the header', async () => {
    const text = await read('docker-compose.yml');
    const compose = parse(text) as { services: Record<string, Service> };
    const env = compose.services.api!.environment!;
    expect(env.MAIL_TRANSPORT).toBe('postmark');
    expect(env.POSTMARK_SERVER_TOKEN).toMatch(/^\$\{POSTMARK_SERVER_TOKEN:\?.+\}$/);
    expect(env.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?.+\}$/);
    const header = text.slice(0, text.indexOf('services:'));
    for (const name of [
      'POSTMARK_SERVER_TOKEN',
      'MAIL_TRANSPORT',
      'SESSION_SECRET',
      'DEEDWATCH_DB_PASSWORD',
      'POSTGRES_PASSWORD',
    ]) {
      expect(header).toContain(name);
    }
  });
});
