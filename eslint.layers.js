// The server's layers, and which way they may depend: a lower layer never imports a higher one,
// and SQL is written only in repositories, the database layer and migrations. docs/architecture.md
// ("Layers and which way they depend") explains the shape; this file is what `npm run check`
// enforces. Each file belongs to the FIRST layer whose `files` match it.

/** Import specifiers, as gitignore-style patterns, for each kind of target. */
const TARGET = {
  app: ['**/app.ts', '**/main.ts', '**/runtime.ts', '**/start-banner.ts'],
  routes: ['*.routes.ts'],
  plugins: ['**/plugins/**'],
  workers: ['*.jobs.ts'],
  services: ['*.service.ts'],
  modules: ['**/modules/**'],
  engine: ['**/engine/**'],
  mail: ['**/mail/**'],
  jobs: ['**/jobs/**'],
  db: ['**/db/**'],
  infrastructure: ['**/storage/**', '**/documents/**'],
};
const above = (...kinds) => kinds.flatMap((kind) => TARGET[kind]);

const LAYERS = [
  {
    name: 'repositories',
    files: ['server/src/**/*.repository.ts'],
    sql: true,
    forbid: above('app', 'routes', 'plugins', 'workers', 'services', 'mail', 'jobs'),
  },
  {
    name: 'routes and plugins',
    files: ['server/src/**/*.routes.ts', 'server/src/plugins/**'],
    forbid: above('app'),
  },
  {
    name: 'worker registration',
    files: ['server/src/**/*.jobs.ts'],
    forbid: above('app', 'routes', 'plugins'),
  },
  {
    name: 'pure code: lib, keys, message catalogs, config, shared rules',
    files: [
      'server/src/lib/**',
      'server/src/keys/**',
      'server/src/i18n/**',
      'server/src/config.ts',
      'rules/src/**',
    ],
    forbid: above(
      'app',
      'routes',
      'plugins',
      'workers',
      'services',
      'modules',
      'engine',
      'mail',
      'jobs',
      'db',
      'infrastructure',
    ),
  },
  {
    name: 'the database layer',
    files: ['server/src/db/**'],
    sql: true,
    forbid: above('app', 'routes', 'plugins', 'workers', 'services', 'modules', 'engine', 'mail'),
  },
  {
    name: 'infrastructure: job queue, document store, PDF threads',
    files: ['server/src/jobs/**', 'server/src/storage/**', 'server/src/documents/**'],
    forbid: above('app', 'routes', 'plugins', 'workers', 'services', 'modules', 'engine', 'mail'),
  },
  {
    name: 'the engine and mail',
    files: ['server/src/engine/**', 'server/src/mail/**'],
    ignores: ['server/src/engine/cli.ts'],
    forbid: above('app', 'routes', 'plugins', 'modules'),
  },
  {
    name: 'feature modules',
    files: ['server/src/modules/**'],
    forbid: above('app', 'routes', 'plugins'),
  },
  {
    name: 'demo data',
    files: ['server/src/demo/**'],
    forbid: above('app', 'routes', 'plugins', 'workers'),
  },
  {
    name: 'entry points: the app, main, runtime and command-line scripts',
    files: ['server/src/*.ts', 'server/src/engine/cli.ts', 'scripts/*.ts'],
    forbid: [],
  },
];

const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'server/test/**', 'server/reliability/**'];

const SQL_MESSAGE =
  'SQL belongs in a *.repository.ts (or server/src/db, or a migration): call a repository function here.';
const QUERY_BUILDERS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
];
/** Kysely, its sql tag and the raw driver, where SQL does not belong (type imports are fine). */
const NO_SQL_IMPORTS = ['kysely', 'pg', 'pg-copy-streams'].map((name) => ({
  name,
  message: SQL_MESSAGE,
  allowTypeImports: true,
}));
const NO_SQL_SYNTAX = [
  {
    selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
    message: SQL_MESSAGE,
  },
  { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: SQL_MESSAGE },
];

/** One config object per layer, each blind to the files of the layers listed before it. */
export default LAYERS.map((layer, index) => ({
  name: `layers/${layer.name}`,
  files: layer.files,
  ignores: [...TESTS, ...(layer.ignores ?? []), ...LAYERS.slice(0, index).flatMap((l) => l.files)],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: layer.sql ? [] : NO_SQL_IMPORTS,
        patterns: layer.forbid.length
          ? [
              {
                group: layer.forbid,
                message: `${layer.name} may not import this: a lower layer never depends on a higher one (docs/architecture.md, "Layers and which way they depend").`,
              },
            ]
          : [],
      },
    ],
    'no-restricted-syntax': layer.sql ? 'off' : ['error', ...NO_SQL_SYNTAX],
  },
}));
