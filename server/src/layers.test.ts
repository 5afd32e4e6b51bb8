import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config.ts';

// The layer rules of eslint.layers.js, run by `npm run check`, fail on each kind of violation
// planted in a real file's place, and pass the same code where it belongs.
const eslint = new ESLint({ cwd: repoRoot });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const QUERY = `import type { Database } from '../../db/database.ts';
export const emails = (db: Database) => db.selectFrom('users').select('email').execute();
`;

describe('the layer rules', () => {
  it('refuse a query outside a repository, and accept it in one', async () => {
    expect(await problems('server/src/modules/user/user.service.ts', QUERY)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: SQL belongs in a \*\.repository\.ts/),
    ]);
    expect(await problems('server/src/engine/alerts/alerts.service.ts', QUERY)).toHaveLength(1);
    expect(await problems('server/src/modules/user/user.repository.ts', QUERY)).toEqual([]);
  });

  it('refuse the sql tag and a kysely value import outside a repository; a type import is fine', async () => {
    const raw = "import { sql } from 'kysely';\nexport const one = sql`select 1`;\n";
    expect(await problems('server/src/mail/mail-sender.ts', raw)).toHaveLength(2);
    const typeOnly = "import type { Kysely } from 'kysely';\nexport type K = Kysely<object>;\n";
    expect(await problems('server/src/mail/mail-sender.ts', typeOnly)).toEqual([]);
  });

  it.each([
    [
      'a repository importing a service',
      'server/src/modules/user/user.repository.ts',
      './user.service.ts',
    ],
    ['the job queue importing the engine', 'server/src/jobs/queues.ts', '../engine/engine.ts'],
    [
      'the database layer importing a module repository',
      'server/src/db/migrate.ts',
      '../modules/user/user.repository.ts',
    ],
    [
      'the engine importing a module',
      'server/src/engine/alerts/alerts.service.ts',
      '../../modules/user/user.service.ts',
    ],
    ['lib importing the document store', 'server/src/lib/errors.ts', '../storage/blob-store.ts'],
    ['a service importing the app', 'server/src/modules/user/user.service.ts', '../../app.ts'],
  ])('refuse an upward import: %s', async (_, file, target) => {
    const found = await problems(file, `import { x } from '${target}';\nexport const y = x;\n`);
    expect(found).toEqual([
      expect.stringMatching(
        /^@typescript-eslint\/no-restricted-imports: .* a lower layer never depends on a higher one/,
      ),
    ]);
  });

  it('accept the imports the shape intends', async () => {
    const ok = [
      ['server/src/modules/user/user.service.ts', './user.repository.ts'],
      ['server/src/modules/user/user.routes.ts', './user.service.ts'],
      ['server/src/engine/alerts/alerts.service.ts', '../../mail/mail-sender.ts'],
      [
        'server/src/modules/explain/explain.service.ts',
        '../../engine/matching/match.repository.ts',
      ],
      ['server/src/app.ts', './modules/user/user.routes.ts'],
    ];
    for (const [file, target] of ok) {
      expect(
        await problems(file!, `import { x } from '${target}';\nexport const y = x;\n`),
      ).toEqual([]);
    }
  });
});
