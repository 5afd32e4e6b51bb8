import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { type BannerFacts, startBanner } from './start-banner.ts';

const facts = (commandSettings: Record<string, string>): BannerFacts => ({
  appUrl: 'http://localhost:3000',
  webBuilt: true,
  embedded: { clusterDir: '/srv/clusters/deedwatch', port: 54329 },
  dataDir: '/srv/deedwatch/.data',
  outbox: true,
  demoSubscriber: 'demo@deedwatch.localhost',
  demoAdmin: { email: 'admin@deedwatch.localhost', password: undefined },
  demoCounty: { code: 'SAC', inbox: '/srv/deedwatch/.data/inbox/SAC' },
  commandSettings,
});

/** The commands the banner prints, between backticks. */
const commands = (banner: string) => [...banner.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe('the start banner', () => {
  it('prints the bare commands when the start was given the defaults', () => {
    expect(commands(startBanner(facts({})))).toEqual([
      'npm run reset',
      'npm run staff:add -- --email admin@deedwatch.localhost --role admin',
      'npm run simulate -- --county SAC',
    ]);
  });

  it('says when there is no web build to serve, and how to make one', () => {
    const banner = startBanner({ ...facts({}), webBuilt: false });
    expect(banner).toContain('web app      not built: run `npm run build`');
    expect(banner).not.toContain('web app      http://localhost:3000/');
    expect(startBanner(facts({}))).toContain('web app      http://localhost:3000/');
  });

  it("puts the start's own port and data folder before each command, quoted for the shell", () => {
    const settings = { EMBEDDED_POSTGRES_PORT: '54401', DATA_DIR: "/srv/it's mine/.data" };
    const printed = commands(startBanner(facts(settings)));
    expect(printed).toHaveLength(3);
    for (const command of printed) {
      // What the shell hands the command: the same values, whatever they hold.
      const prefix = command.slice(0, command.indexOf(' npm run '));
      const seen = execFileSync(
        'bash',
        ['-c', `${prefix} printenv EMBEDDED_POSTGRES_PORT DATA_DIR`],
        {
          encoding: 'utf8',
        },
      );
      expect(seen).toBe(`54401\n/srv/it's mine/.data\n`);
    }
    expect(printed[2]).toMatch(/ npm run simulate -- --county SAC$/);
  });
});
