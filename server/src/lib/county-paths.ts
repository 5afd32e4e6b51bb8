import { COUNTY_PATH_LABELS, type CountyPathField } from '@deedwatch/rules';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { type Config, ROOT_STATE_DIR } from '../config.ts';
import { errorCode, isInside } from './safe-fs.ts';

/**
 * Where a county's inbox, mailer output and mailer template may be: strictly below the data
 * folder or a COUNTY_PATH_ROOTS folder, after every symbolic link is resolved, and never on
 * DeedWatch's own files (the document store, the database cluster, the session secret), which
 * an inbox poll would otherwise move into failed/ and a mailer overwrite.
 */
export type CountyPathPolicy = {
  roots: readonly string[];
  /** Refused, with everything in them and every folder holding them. */
  reserved: readonly string[];
  /** Refused: whatever starts with one of these (the Postgres binaries root keeps). */
  reservedPrefixes: readonly string[];
};

export function countyPathPolicy(
  config: Partial<Pick<Config, 'dataDir' | 'documentsDir' | 'countyPathRoots'>>,
): CountyPathPolicy {
  const roots = [config.dataDir, ...(config.countyPathRoots ?? [])].filter(
    (root): root is string => root !== undefined,
  );
  // Not all of ROOT_STATE_DIR: a data folder may well be under /var/lib/deedwatch.
  const reserved = [config.documentsDir, path.join(ROOT_STATE_DIR, 'clusters')];
  if (config.dataDir) {
    reserved.push(
      path.join(config.dataDir, 'postgres'),
      path.join(config.dataDir, 'session-secret'),
    );
  }
  return Object.freeze({
    roots: Object.freeze(roots.map((root) => path.resolve(root))),
    reserved: Object.freeze(
      reserved.filter((r): r is string => r !== undefined).map((r) => path.resolve(r)),
    ),
    reservedPrefixes: Object.freeze([path.join(ROOT_STATE_DIR, 'postgres-')]),
  });
}

export type { CountyPathField };
export type CountyPathKind = 'folder' | 'file';

export const COUNTY_PATH_KIND: Record<CountyPathField, CountyPathKind> = {
  inboxPath: 'folder',
  mailerOutputPath: 'folder',
  mailerTemplatePath: 'file',
};

class Unresolvable extends Error {}

/**
 * The real path of `p`: its nearest existing ancestor resolved by realpath, with the names
 * that do not exist yet appended. A link that leads nowhere is refused, as what it would lead
 * to once created cannot be known.
 */
async function realOfNearest(p: string): Promise<string> {
  const rest: string[] = [];
  let current = p;
  for (;;) {
    try {
      return path.join(await realpath(current), ...rest);
    } catch (err) {
      const code = errorCode(err);
      if (code !== 'ENOENT') {
        throw new Unresolvable(
          code === 'ENOTDIR'
            ? 'has a file where a folder should be'
            : code === 'ELOOP'
              ? 'goes through a loop of symbolic links'
              : `cannot be checked (${code ?? (err as Error).message})`,
        );
      }
      const entry = await lstat(current).catch(() => undefined);
      if (entry?.isSymbolicLink()) {
        throw new Unresolvable(`goes through ${current}, a symbolic link that leads nowhere`);
      }
      const parent = path.dirname(current);
      if (parent === current) throw new Unresolvable('cannot be checked');
      rest.unshift(path.basename(current));
      current = parent;
    }
  }
}

export type ConfinedPath = { ok: true; real: string } | { ok: false; message: string };

function rootsText(policy: CountyPathPolicy): string {
  if (policy.roots.length === 0) return 'a folder of COUNTY_PATH_ROOTS (none is set)';
  return `${policy.roots.join(' or ')} (the data folder${policy.roots.length > 1 ? ' and COUNTY_PATH_ROOTS' : ''})`;
}

/**
 * Checks a county path setting, as saved or right before use, and gives the real path to use
 * (every link resolved), or a message naming the field and the allowed folders. The field is
 * named by its label in Edit County, where staff set it and where the message shows. '' is not
 * a path: the caller treats it as "none" before asking.
 */
export async function confineCountyPath(
  policy: CountyPathPolicy,
  field: CountyPathField,
  value: string,
): Promise<ConfinedPath> {
  const kind = COUNTY_PATH_KIND[field];
  const allowed = `a ${kind} under ${rootsText(policy)}`;
  const refuse = (why: string): ConfinedPath => ({
    ok: false,
    message: `${COUNTY_PATH_LABELS[field]} '${value}' ${why}; it must be ${allowed}.`,
  });
  if (!path.isAbsolute(value)) return refuse('is not an absolute path');
  if (value.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')) {
    return refuse("contains a '.' or '..' segment");
  }
  let real: string;
  try {
    real = await realOfNearest(path.resolve(value));
  } catch (err) {
    if (err instanceof Unresolvable) return refuse(err.message);
    throw err;
  }
  const leads = real === path.resolve(value) ? '' : ` (it leads to ${real})`;
  const realRoots = await Promise.all(
    policy.roots.map((root) => realOfNearest(root).catch(() => root)),
  );
  if (realRoots.includes(real)) return refuse(`is an allowed folder itself, not one inside it`);
  if (!realRoots.some((root) => isInside(real, root))) {
    return refuse(`is outside the allowed folders${leads}`);
  }
  for (const reserved of policy.reserved) {
    const r = await realOfNearest(reserved).catch(() => reserved);
    if (real === r || isInside(real, r) || isInside(r, real)) {
      return refuse(`would reach DeedWatch's own files in ${reserved}${leads}`);
    }
  }
  const prefix = policy.reservedPrefixes.find((p) => real.startsWith(p));
  if (prefix) return refuse(`would reach DeedWatch's own files in ${prefix}*${leads}`);
  const entry = await lstat(real).catch(() => undefined);
  if (entry && (kind === 'folder' ? !entry.isDirectory() : !entry.isFile())) {
    return refuse(kind === 'folder' ? 'is not a folder' : 'is not a regular file');
  }
  return { ok: true, real };
}
