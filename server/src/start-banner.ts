/** What `npm start` prints once it listens: a newcomer's map of the running product. */
export type BannerFacts = {
  appUrl: string;
  /** Whether there is a web build to serve (`npm run build`); without one, only the API runs. */
  webBuilt: boolean;
  /** Set on the embedded default: where its cluster lives and its port. */
  embedded: { clusterDir: string; port: number } | undefined;
  dataDir: string;
  /** The outbox transport: mail is kept and shown at /dev/mail instead of sent. */
  outbox: boolean;
  /** The demo subscriber's address, when that account exists. */
  demoSubscriber: string | undefined;
  /** The demo admin's address when it exists; its password only on the start that made it. */
  demoAdmin: { email: string; password: string | undefined } | undefined;
  /** A county with a demo inbox, for the simulate command. */
  demoCounty: { code: string; inbox: string } | undefined;
  /**
   * Settings this start was given that the commands it prints must be given too, to find the
   * same database and files (EMBEDDED_POSTGRES_PORT, DATA_DIR), by name.
   */
  commandSettings: Record<string, string>;
};

/** The settings the other commands need, as shell words to put before `npm run …`. */
export const COMMAND_SETTINGS = ['EMBEDDED_POSTGRES_PORT', 'DATA_DIR'] as const;

const shellWord = (value: string) =>
  /^[\w./:@%+=-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;

export function startBanner(f: BannerFacts): string {
  const base = f.appUrl;
  const npmRun = [
    ...Object.entries(f.commandSettings).map(([name, value]) => `${name}=${shellWord(value)}`),
    'npm run',
  ].join(' ');
  const lines = [
    '',
    `  DeedWatch is running${f.embedded ? ' on an embedded Postgres' : ''}:`,
    f.webBuilt
      ? `    web app      ${base}/`
      : '    web app      not built: run `npm run build`, then start again (the API runs alone)',
    `    API          ${base}/api   (Swagger UI: ${base}/docs)`,
    ...(f.outbox
      ? [`    mail         ${base}/dev/mail   (the outbox: mail is kept here, not sent)`]
      : []),
    `    job queues   ${base}/admin/jobs   (admins)`,
    `    readiness    ${base}/readyz`,
    '',
    '  Data',
  ];
  if (f.embedded) {
    lines.push(
      `    database     ${f.embedded.clusterDir}   (port ${f.embedded.port})`,
      `    files        ${f.dataDir}   (documents, county inboxes, session secret)`,
      `    reset        stop the server, then \`${npmRun} reset\` deletes both; the next start begins afresh`,
    );
  } else {
    lines.push(
      '    database     DATABASE_URL',
      `    files        ${f.dataDir}   (documents, county inboxes)`,
    );
  }
  if (f.demoSubscriber || f.demoAdmin) {
    lines.push('', '  Demo accounts');
    if (f.demoSubscriber) {
      const how = f.outbox
        ? 'LOGIN on the web app, then follow the link in /dev/mail'
        : 'LOGIN on the web app';
      lines.push(`    subscriber   ${f.demoSubscriber}: ${how}`);
    }
    if (f.demoAdmin) {
      lines.push(
        f.demoAdmin.password
          ? `    admin        ${f.demoAdmin.email}, password ${f.demoAdmin.password} (shown this once), at ${base}/admin-login`
          : `    admin        ${f.demoAdmin.email} at ${base}/admin-login (its password was shown on the first start)`,
        `                 new password: \`${npmRun} staff:add -- --email ${f.demoAdmin.email} --role admin\``,
      );
    }
  }
  if (f.demoCounty) {
    lines.push(
      '',
      '  Try it',
      `    \`${npmRun} simulate -- --county ${f.demoCounty.code}\` records demo documents into ${f.demoCounty.inbox};`,
      `    ${f.demoSubscriber ? "the demo subscriber's alerts" : 'alerts'} arrive${f.outbox ? ' in /dev/mail' : ''} within a minute.`,
    );
  }
  lines.push('', '  Press Ctrl-C to stop.', '');
  return lines.join('\n');
}
