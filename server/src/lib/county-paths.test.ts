import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { confineCountyPath, type CountyPathPolicy, countyPathPolicy } from './county-paths.ts';

let dir: string;
let dataDir: string;
let feeds: string;
let policy: CountyPathPolicy;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'deedwatch-county-paths-')));
  dataDir = path.join(dir, 'data');
  feeds = path.join(dir, 'feeds');
  await mkdir(path.join(dataDir, 'inbox', 'SAC'), { recursive: true });
  await mkdir(path.join(dataDir, 'documents'), { recursive: true });
  await writeFile(path.join(dataDir, 'session-secret'), 'FAKE-SECRET');
  await writeFile(path.join(dataDir, 'letterhead.pdf'), '%PDF-1.7');
  await mkdir(feeds);
  await mkdir(path.join(dir, 'outside'));
  // Links under an allowed folder: out of it, and within it.
  await symlink(path.join(dir, 'outside'), path.join(dataDir, 'escape'));
  await symlink('/etc', path.join(dataDir, 'etc'));
  await symlink(path.join(dataDir, 'inbox'), path.join(feeds, 'to-data'));
  await symlink(path.join(dir, 'nowhere'), path.join(dataDir, 'dangling'));
  policy = countyPathPolicy({
    dataDir,
    documentsDir: path.join(dataDir, 'documents'),
    countyPathRoots: [feeds],
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const check = (value: string, field: Parameters<typeof confineCountyPath>[1] = 'inboxPath') =>
  confineCountyPath(policy, field, value);

describe('confineCountyPath', () => {
  it('accepts folders under the data folder or a COUNTY_PATH_ROOTS folder, existing or not', async () => {
    expect(await check(path.join(dataDir, 'inbox', 'SAC'))).toEqual({
      ok: true,
      real: path.join(dataDir, 'inbox', 'SAC'),
    });
    expect(await check(path.join(dataDir, 'inbox', 'PLA', 'new'))).toMatchObject({ ok: true });
    expect(await check(path.join(feeds, 'placer'), 'mailerOutputPath')).toMatchObject({ ok: true });
    // A link that stays inside is followed to where it leads.
    expect(await check(path.join(feeds, 'to-data', 'SAC'))).toEqual({
      ok: true,
      real: path.join(dataDir, 'inbox', 'SAC'),
    });
    expect(await check(path.join(dataDir, 'letterhead.pdf'), 'mailerTemplatePath')).toMatchObject({
      ok: true,
    });
  });

  it('refuses system folders, climbs, relative paths and links out, naming the field and the roots', async () => {
    const refused: [string, RegExp][] = [
      ['/etc', /is outside the allowed folders/],
      ['/', /is outside the allowed folders/],
      [`${dataDir}/../../..`, /'\.' or '\.\.' segment/],
      [`${dataDir}/inbox/./SAC`, /'\.' or '\.\.' segment/],
      ['../../..', /is not an absolute path/],
      ['inbox/SAC', /is not an absolute path/],
      [path.join(dataDir, 'escape'), /is outside the allowed folders \(it leads to .*outside\)/],
      [path.join(dataDir, 'escape', 'new', 'deeper'), /is outside the allowed folders/],
      [path.join(dataDir, 'etc', 'cron.d'), /it leads to \/etc\/cron\.d/],
      [path.join(dataDir, 'dangling', 'x'), /symbolic link that leads nowhere/],
      [dataDir, /is an allowed folder itself/],
      [path.join(dataDir, 'documents'), /DeedWatch's own files/],
      [path.join(dataDir, 'documents', 'SAC'), /DeedWatch's own files/],
      [path.join(dataDir, 'postgres'), /DeedWatch's own files/],
      [path.join(dataDir, 'session-secret'), /DeedWatch's own files/],
      [path.join(dataDir, 'letterhead.pdf'), /is not a folder/],
    ];
    for (const [value, reason] of refused) {
      const result = await check(value);
      expect(result, value).toEqual({ ok: false, message: expect.stringMatching(reason) });
      if (!result.ok) {
        expect(result.message).toContain(`Inbox Folder '${value}'`);
        expect(result.message).toContain(`it must be a folder under ${dataDir} or ${feeds}`);
      }
    }
    expect(await check(path.join(dataDir, 'inbox'), 'mailerTemplatePath')).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /Mailer Template Path .* is not a regular file; it must be a file under/,
      ),
    });
  });

  it('keeps off the embedded Postgres that root runs under /var/lib/deedwatch, not the rest of it', async () => {
    const varLib = countyPathPolicy({
      dataDir: '/var/lib/deedwatch/data',
      documentsDir: '/var/lib/deedwatch/data/documents',
      countyPathRoots: ['/var/lib/deedwatch'],
    });
    const at = (value: string) => confineCountyPath(varLib, 'mailerOutputPath', value);
    expect(await at('/var/lib/deedwatch/data/mailers')).toMatchObject({ ok: true });
    expect(await at('/var/lib/deedwatch/mailers')).toMatchObject({ ok: true });
    for (const value of [
      '/var/lib/deedwatch/clusters',
      '/var/lib/deedwatch/clusters/main-1234/base',
      '/var/lib/deedwatch/postgres-18.1.0/bin',
      '/var/lib/deedwatch/data/postgres',
    ]) {
      expect(await at(value), value).toMatchObject({
        ok: false,
        message: expect.stringMatching(/would reach DeedWatch's own files/),
      });
    }
  });

  it('allows nothing when no folder is configured', async () => {
    const none = countyPathPolicy({ documentsDir: path.join(dataDir, 'documents') });
    expect(await confineCountyPath(none, 'inboxPath', path.join(dataDir, 'inbox'))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/none is set/),
    });
  });
});

describe('COUNTY_PATH_ROOTS', () => {
  it('is a colon-separated list of absolute folders, empty by default', () => {
    expect(loadConfig({}).countyPathRoots).toEqual([]);
    expect(loadConfig({ COUNTY_PATH_ROOTS: '/srv/feeds:/srv/mailers/:' }).countyPathRoots).toEqual([
      '/srv/feeds',
      '/srv/mailers',
    ]);
  });

  it('refuses a relative folder, naming the variable', () => {
    expect(() => loadConfig({ COUNTY_PATH_ROOTS: '/srv/feeds:feeds' })).toThrow(ConfigError);
    expect(() => loadConfig({ COUNTY_PATH_ROOTS: 'feeds' })).toThrow(
      /COUNTY_PATH_ROOTS must be absolute folders separated by colons/,
    );
  });
});
