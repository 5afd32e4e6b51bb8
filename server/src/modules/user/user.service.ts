import { guardName, isEmail, type Language, MAX_NOTIFICATION_METHODS } from '@deedwatch/rules';
import type { PgBoss } from 'pg-boss';
import type { Database, Executor } from '../../db/database.ts';
import { bossDb } from '../../db/pg-boss-db.ts';
import type { DB } from '../../db/types.ts';
import { CHECK_HISTORY } from '../../jobs/queues.ts';
import { said } from '../../lib/errors.ts';
import { guardedAddress, storedName } from '../../keys/match-keys.ts';
import { apnKey, formatApn, nameKey } from '../../keys/normalize.ts';
import type { Caller } from '../../lib/route.ts';
import { type AuthMail, sendMethodVerification, sendWelcome } from '../auth/auth-mail.ts';
import { parsePhone } from '../../lib/phone.ts';
import { resolveCounties } from '../counties/counties.service.ts';
import { sessionUser } from './session-user.service.ts';
import * as repo from './user.repository.ts';
import type { GuardApnInput, GuardNameInput } from './user.schemas.ts';

/** The FAQ's limit, per account. */
export const MAX_NAMES = 10;
export const MAX_APNS = 10;

export const NO_ITEMS = 'At least one guard record subscription is required';
export const EMAIL_TAKEN = 'User with this email already exists';
export const INVALID_EMAIL = 'Invalid email';

/** Trimmed, formatted by the county mask, one per county and APN; the address key from the parcel roll. */
async function prepareApns(
  db: Database,
  items: GuardApnInput[],
): Promise<repo.NewApnSubscription[]> {
  const counties = await resolveCounties(
    db,
    items.map((i) => i.county),
  );
  const unique = new Map<string, repo.NewApnSubscription>();
  for (const item of items) {
    const county = counties.get(item.county.trim().toLowerCase())!;
    const key = apnKey(item.apn);
    const apn = formatApn(key, county.ui_mask);
    if (!apn) {
      throw said(400, 'errors.apnFormat', {
        apn: item.apn,
        county: county.name,
        mask: county.ui_mask,
        example: county.format,
      });
    }
    const id = `${county.id}:${key}`;
    if (!unique.has(id)) {
      unique.set(id, {
        countyId: county.id,
        apn,
        apnKey: key,
        description: item.description,
        addressKey: null,
        addressZip: null,
      });
    }
  }
  const fromParcels = await repo.parcelAddressKeys(db, [...unique.values()]);
  for (const [id, item] of unique) {
    const parcel = fromParcels.get(id);
    const address = guardedAddress(parcel, item.description);
    item.addressKey = address.streetKey;
    item.addressZip = address.zip;
  }
  return [...unique.values()];
}

/** Trimmed and upper-cased, one per county and name key; a name must leave something to match. */
async function prepareNames(
  db: Database,
  items: GuardNameInput[],
): Promise<repo.NewNameSubscription[]> {
  const counties = await resolveCounties(
    db,
    items.map((i) => i.county),
  );
  const unique = new Map<string, repo.NewNameSubscription>();
  for (const item of items) {
    const county = counties.get(item.county.trim().toLowerCase())!;
    const name = guardName(item.name);
    const key = nameKey(name);
    if (!key) throw said(400, 'errors.nameNoLetters', { name: item.name });
    // ET AL, AKA, THE: words the matcher drops from every recorded name, so they match nothing.
    if (!storedName(name).matchKey) throw said(400, 'errors.nameNothingToMatch', { name });
    const id = `${county.id}:${key}`;
    if (!unique.has(id))
      unique.set(id, { countyId: county.id, name, nameKey: key, tokens: key.split(' ') });
  }
  return [...unique.values()];
}

function enforceLimit(kind: 'names' | 'APNs', max: number, existing: number, adding: number) {
  if (existing + adding > max) {
    const values = { max, existing, adding };
    throw kind === 'names'
      ? said(400, existing > 0 ? 'errors.tooManyNames' : 'errors.tooManyNamesAtOnce', values)
      : said(400, existing > 0 ? 'errors.tooManyApns' : 'errors.tooManyApnsAtOnce', values);
  }
}

/** Only items this user does not guard yet: a repeat in the same county is ignored. */
function newOnly<T extends { countyId: number }>(
  items: T[],
  guarded: Set<string>,
  keyOf: (item: T) => string,
) {
  return items.filter((item) => !guarded.has(`${item.countyId}:${keyOf(item)}`));
}

/**
 * The job queue the user's new guards send their history check to (engine/history). An app
 * built without one queues nothing, and the guards wait for the user's next check.
 */
export type HistoryQueue = PgBoss | undefined;

/**
 * Queues the history check of the user's guards in the transaction that adds them: the job
 * exists exactly when the guards do, and a rolled-back insert queues nothing.
 */
export async function queueHistoryCheck(trx: Executor, boss: HistoryQueue, userId: string) {
  await boss?.send(CHECK_HISTORY, { userId }, { db: bossDb<DB>(trx) });
}

const isUniqueViolation = (err: unknown, constraint: string) =>
  (err as { code?: string; constraint?: string }).code === '23505' &&
  (err as { constraint?: string }).constraint === constraint;

/**
 * Creates a subscriber with its guarded items and an unverified email method, and queues the
 * welcome mail with the verification link and the items' history check, all in one
 * transaction. The items activate when the email is verified.
 */
export async function register(
  db: Database,
  mail: AuthMail,
  boss: HistoryQueue,
  input: { email: string; apns: GuardApnInput[]; names: GuardNameInput[]; language: Language },
) {
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) throw said(400, 'errors.invalidEmail');
  if (input.apns.length === 0 && input.names.length === 0) throw said(400, 'errors.noItems');
  const [apns, names] = await Promise.all([
    prepareApns(db, input.apns),
    prepareNames(db, input.names),
  ]);
  enforceLimit('names', MAX_NAMES, 0, names.length);
  enforceLimit('APNs', MAX_APNS, 0, apns.length);
  if (await repo.emailTaken(db, email)) throw said(409, 'errors.emailTaken');

  try {
    return await db.transaction().execute(async (trx) => {
      const user = await repo.insertUser(trx, email, input.language);
      const method = await repo.insertMethod(trx, user.id, 'Email', email);
      await repo.insertApnSubscriptions(trx, user.id, apns, null);
      await repo.insertNameSubscriptions(trx, user.id, names, null);
      await sendWelcome(trx, mail, user, method.id);
      await queueHistoryCheck(trx, boss, user.id);
      return user;
    });
  } catch (err) {
    // Two registrations of one email at once: the second meets the unique index.
    if (isUniqueViolation(err, 'users_email_key')) throw said(409, 'errors.emailTaken');
    throw err;
  }
}

/** Items added to a verified account are active at once; to an unverified one, from verification. */
const activationFor = (user: { email_verified_at: Date | null }) =>
  user.email_verified_at ? new Date() : null;

async function signedInUser(db: Database, caller: Caller) {
  const user = await repo.findUser(db, caller.userId);
  if (!user) throw said(404, 'errors.accountGone');
  return user;
}

/** What adding guards of one kind takes: how its items are prepared, keyed, limited and stored. */
type GuardKind<Input, New extends { countyId: number }> = {
  limit: 'names' | 'APNs';
  max: number;
  prepare: (db: Database, items: Input[]) => Promise<New[]>;
  /** `county:key` of each guard of this kind the user has. */
  guardedKeys: (db: Executor, userId: string) => Promise<string[]>;
  keyOf: (item: New) => string;
  insert: (trx: Executor, userId: string, items: New[], activatedAt: Date | null) => Promise<void>;
};

const APN_GUARDS: GuardKind<GuardApnInput, repo.NewApnSubscription> = {
  limit: 'APNs',
  max: MAX_APNS,
  prepare: prepareApns,
  guardedKeys: async (db, userId) =>
    (await repo.listApnKeys(db, userId)).map((r) => `${r.county_id}:${r.apn_key}`),
  keyOf: (item) => item.apnKey,
  insert: repo.insertApnSubscriptions,
};

const NAME_GUARDS: GuardKind<GuardNameInput, repo.NewNameSubscription> = {
  limit: 'names',
  max: MAX_NAMES,
  prepare: prepareNames,
  guardedKeys: async (db, userId) =>
    (await repo.listNameKeys(db, userId)).map((r) => `${r.county_id}:${r.name_key}`),
  keyOf: (item) => item.nameKey,
  insert: repo.insertNameSubscriptions,
};

/**
 * Adds the items the user does not guard yet, within the kind's limit, and queues their history
 * check; answers the session user as it now is.
 */
async function addGuards<Input, New extends { countyId: number }>(
  db: Database,
  boss: HistoryQueue,
  caller: Caller,
  items: Input[],
  kind: GuardKind<Input, New>,
) {
  const user = await signedInUser(db, caller);
  if (items.length === 0) throw said(400, 'errors.noItems');
  const prepared = await kind.prepare(db, items);
  await db.transaction().execute(async (trx) => {
    // One change of the user's guards at a time: two adds at once would each count the guards
    // before the other's insert, and together pass the limit.
    await repo.lockUser(trx, user.id);
    const existing = await kind.guardedKeys(trx, user.id);
    const fresh = newOnly(prepared, new Set(existing), kind.keyOf);
    enforceLimit(kind.limit, kind.max, existing.length, fresh.length);
    if (fresh.length === 0) return;
    // The history check is queued with the guards: a rolled-back insert queues nothing.
    await kind.insert(trx, user.id, fresh, activationFor(user));
    await queueHistoryCheck(trx, boss, user.id);
  });
  return sessionUser(db, caller);
}

export const addApnSubscriptions = (
  db: Database,
  boss: HistoryQueue,
  caller: Caller,
  items: GuardApnInput[],
) => addGuards(db, boss, caller, items, APN_GUARDS);

export const addNameSubscriptions = (
  db: Database,
  boss: HistoryQueue,
  caller: Caller,
  items: GuardNameInput[],
) => addGuards(db, boss, caller, items, NAME_GUARDS);

export async function removeSubscription(
  db: Database,
  caller: Caller,
  subscriptionType: 'Apn' | 'Name',
  id: string,
) {
  if (!(await repo.deleteSubscription(db, subscriptionType, caller.userId, id))) {
    throw subscriptionType === 'Apn'
      ? said(404, 'errors.guardedPropertyNotFound', { id })
      : said(404, 'errors.guardedNameNotFound', { id });
  }
  return sessionUser(db, caller);
}

/**
 * The address of a new method: an email, lower-cased; a phone, as E.164, read as a number of
 * the country of the user's first guarded county unless written with + and a country code, and
 * refused unless a county the user guards in takes numbers of its country.
 */
async function methodAddress(db: Database, userId: string, type: 'Email' | 'SMS', input: string) {
  if (type === 'Email') {
    const address = input.trim().toLowerCase();
    if (!isEmail(address)) throw said(400, 'errors.invalidEmail');
    return address;
  }
  const countries = await repo.phoneCountriesOf(db, userId);
  const phone = parsePhone(input, countries.length > 0 ? countries : ['US']);
  if (!phone.ok) throw phone.error;
  return phone.e164;
}

export async function addNotificationMethod(
  db: Database,
  mail: AuthMail,
  caller: Caller,
  input: { address: string; type: 'Email' | 'SMS' },
) {
  const user = await signedInUser(db, caller);
  if (input.type === 'SMS' && !mail.smsSender) throw said(400, 'errors.smsNotOffered');
  const address = await methodAddress(db, user.id, input.type, input.address);
  if (await repo.findMethodByAddress(db, user.id, input.type, address)) {
    throw said(409, 'errors.methodExists', { address });
  }
  try {
    await db.transaction().execute(async (trx) => {
      // Under the lock that adding a trusted contact takes: an address is a contact's or one
      // of the account's alert emails, never both, whichever call comes first.
      await repo.lockUser(trx, user.id);
      if (input.type === 'Email' && (await repo.isTrustedContact(trx, user.id, address))) {
        throw said(409, 'errors.methodIsContact', { address });
      }
      if ((await repo.countMethods(trx, user.id)) >= MAX_NOTIFICATION_METHODS) {
        throw said(409, 'errors.tooManyMethods', { max: MAX_NOTIFICATION_METHODS });
      }
      const method = await repo.insertMethod(trx, user.id, input.type, address);
      await sendMethodVerification(trx, mail, {
        id: method.id,
        userId: user.id,
        type: input.type,
        address,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'notification_methods_user_address_key')) {
      throw said(409, 'errors.methodExists', { address });
    }
    throw err;
  }
  return sessionUser(db, caller);
}

/** The signed-in user and one of their methods; another user's is not found. */
async function ownMethod(db: Database, caller: Caller, methodId: string) {
  const user = await signedInUser(db, caller);
  const method = await repo.findMethod(db, user.id, methodId);
  if (!method) throw said(404, 'errors.methodNotFound', { id: methodId });
  return { user, method };
}

/** Whether a phone method also gets texts of Check alerts (Act now ones it always gets). */
export async function setTextLevels(
  db: Database,
  caller: Caller,
  methodId: string,
  checkLevel: boolean,
) {
  const { user, method } = await ownMethod(db, caller, methodId);
  if (method.type !== 'SMS') throw said(400, 'errors.onlyPhoneLevels');
  await repo.setTextsCheckLevel(db, user.id, methodId, checkLevel);
  return sessionUser(db, caller);
}

/** The language the site shows itself in for this subscriber, and every message they are sent. */
export async function setLanguage(db: Database, caller: Caller, language: Language) {
  if (!(await repo.setLanguage(db, caller.userId, language))) {
    throw said(404, 'errors.accountGone');
  }
  return sessionUser(db, caller);
}

export async function removeNotificationMethod(db: Database, caller: Caller, methodId: string) {
  const { user, method } = await ownMethod(db, caller, methodId);
  if (method.type === 'Email' && method.email === user.email) {
    throw said(400, 'errors.accountEmailStays');
  }
  await repo.deleteMethod(db, user.id, methodId);
  return sessionUser(db, caller);
}

export async function resendVerification(
  db: Database,
  mail: AuthMail,
  caller: Caller,
  methodId: string,
) {
  const { user, method } = await ownMethod(db, caller, methodId);
  if (method.verified_at) throw said(400, 'errors.alreadyVerified');
  await db.transaction().execute(async (trx) => {
    if (method.type === 'Email' && method.email === user.email) {
      await sendWelcome(trx, mail, user, method.id);
    } else {
      const address = (method.type === 'Email' ? method.email : method.phone) ?? '';
      await sendMethodVerification(trx, mail, {
        id: method.id,
        userId: user.id,
        type: method.type,
        address,
      });
    }
  });
  return sessionUser(db, caller);
}

export async function archiveEvent(db: Database, caller: Caller, eventId: string) {
  if (!(await repo.archiveEvent(db, caller.userId, eventId)))
    throw said(404, 'errors.alertIdNotFound', { id: eventId });
  return sessionUser(db, caller);
}
