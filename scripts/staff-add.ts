// npm run staff:add -- --email E --role admin|customersupport
// Creates a staff account or resets its role and password. The password comes from
// STAFF_PASSWORD or standard input (typed without echo on a terminal).
import { isEmail } from '@deedwatch/rules';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { MIN_PASSWORD_LENGTH } from '../server/src/modules/auth/passwords.ts';
import { upsertStaff, type StaffRole } from '../server/src/modules/auth/staff.ts';
import {
  createLogger,
  loadConfigOrExit,
  openRuntime,
  reportDatabaseFailure,
} from '../server/src/runtime.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string' } } });
const email = values.email?.trim() ?? '';
const role = values.role as StaffRole;
if (!isEmail(email) || !['admin', 'customersupport'].includes(role)) {
  console.error(
    'Usage: npm run staff:add -- --email someone@example.com --role admin|customersupport',
  );
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY,
  });
  if (process.stdin.isTTY) {
    process.stdout.write(
      `Password for ${email} (at least ${MIN_PASSWORD_LENGTH} characters, not shown): `,
    );
    // Keep what is typed off the screen.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  }
  const line: string = await new Promise((resolve) =>
    rl.once('line', resolve).once('close', () => resolve('')),
  );
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return line;
}

const password = await readPassword();
if (password.length < MIN_PASSWORD_LENGTH) {
  console.error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  process.exit(2);
}
const runtime = await openRuntime(loadConfigOrExit(), createLogger('warn'));
try {
  await migrateToLatest(runtime.db);
  const result = await upsertStaff(runtime.db, { email, role, password });
  console.log(
    result.created
      ? `Created ${role} ${email.toLowerCase()}.`
      : `Updated ${role} ${email.toLowerCase()}; ${result.sessionsEnded} session(s) of the account ended.`,
  );
} catch (err) {
  reportDatabaseFailure(err, runtime);
} finally {
  await runtime.close();
}
