import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { embeddedSettings, tunedSettings } from './tuning.ts';

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
