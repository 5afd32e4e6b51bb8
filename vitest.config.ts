import { defineConfig } from 'vitest/config';

// Test tiers: pure unit tests beside the source (the shared rules package's among them),
// integration tests through app.inject against a real Postgres, component tests in jsdom,
// browser journeys in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-unit',
          include: ['server/src/**/*.test.ts', 'rules/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-integration',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Minutes-long tests of crashes under load: `npm run test:reliability`.
        test: {
          name: 'reliability',
          include: ['server/reliability/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 900_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      'web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
