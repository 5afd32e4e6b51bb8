import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../config.ts';
import { availableMemory, embeddedSettings, tunedSettings } from './tuning.ts';

const GiB = 2 ** 30;

describe('tunedSettings', () => {
  it('sizes memory settings from the memory: 24 GiB', () => {
    expect(tunedSettings(24 * GiB)).toMatchObject({
      shared_buffers: '6144MB',
      effective_cache_size: '18432MB',
      work_mem: '24MB',
      maintenance_work_mem: '1536MB',
      max_wal_size: '4GB',
      checkpoint_timeout: '15min',
      wal_level: 'minimal',
      max_wal_senders: '0',
      shared_preload_libraries: 'pg_prewarm',
    });
  });

  it('keeps each within its bounds on a small and a large machine', () => {
    expect(tunedSettings(1 * GiB)).toMatchObject({
      shared_buffers: '256MB',
      effective_cache_size: '768MB',
      work_mem: '4MB',
      maintenance_work_mem: '64MB',
    });
    expect(tunedSettings(256 * GiB)).toMatchObject({
      shared_buffers: '8192MB',
      work_mem: '32MB',
      maintenance_work_mem: '2048MB',
    });
  });

  it('takes overrides over the shipped settings, and settings of its own', () => {
    const settings = embeddedSettings({ shared_buffers: '1GB', jit: 'off' });
    expect(settings.shared_buffers).toBe('1GB');
    expect(settings.jit).toBe('off');
    expect(settings.max_wal_size).toBe('4GB');
  });
});

// The compose file's database runs docker/postgres/tuned-postgres.sh, which computes the same
// settings in sh and hands them to the postgres image's entrypoint: here a stand-in on PATH that
// prints the command line it was given.
describe('the compose database', () => {
  async function composeCommandLine(env: Record<string, string>): Promise<string[]> {
    const bin = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-entrypoint-'));
    try {
      const entrypoint = path.join(bin, 'docker-entrypoint.sh');
      await writeFile(entrypoint, '#!/bin/sh\nprintf \'%s\\n\' "$@"\n');
      await chmod(entrypoint, 0o755);
      const { stdout } = await promisify(execFile)(
        'sh',
        [path.join(repoRoot, 'docker/postgres/tuned-postgres.sh')],
        { env: { PATH: `${bin}:${process.env.PATH ?? ''}`, ...env } },
      );
      return stdout.trimEnd().split('\n');
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  }

  it('gets the settings the embedded Postgres gets on this machine, overrides last', async () => {
    const args = await composeCommandLine({ POSTGRES_SETTINGS: 'work_mem=16MB jit=off' });
    const shipped = Object.entries(tunedSettings(availableMemory())).flatMap(([name, value]) => [
      '-c',
      `${name}=${value}`,
    ]);
    expect(args).toEqual(['postgres', ...shipped, '-c', 'work_mem=16MB', '-c', 'jit=off']);
  });
});

describe('EMBEDDED_POSTGRES_SETTINGS', () => {
  it('is name=value pairs separated by spaces', () => {
    const config = loadConfig({
      EMBEDDED_POSTGRES_SETTINGS: ' shared_buffers=2GB  Work_Mem=16MB ',
    });
    expect(config.embeddedPostgresSettings).toEqual({ shared_buffers: '2GB', work_mem: '16MB' });
    expect(loadConfig({}).embeddedPostgresSettings).toEqual({});
  });

  it('refuses anything else, naming it', () => {
    expect(() => loadConfig({ EMBEDDED_POSTGRES_SETTINGS: 'shared_buffers 2GB' })).toThrow(
      /'shared_buffers' is not a name=value setting/,
    );
  });
});
