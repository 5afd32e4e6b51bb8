import type { Language } from '@deedwatch/rules';
import { apnCharacters } from '@deedwatch/rules';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/database.ts';
import { upsertStaff, type StaffRole } from '../../src/modules/auth/staff.ts';
import { generateToken, hashToken, tokenHint } from '../../src/modules/tokens/token-format.ts';
import { insertToken } from '../../src/modules/tokens/tokens.repository.ts';

export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** A notification method of a user: an email address, or a phone number for SMS. */
export async function addNotificationMethod(
  db: Database,
  userId: string,
  method: { type: 'Email' | 'SMS'; address: string; verified?: boolean },
) {
  return db
    .insertInto('notification_methods')
    .values({
      user_id: userId,
      type: method.type,
      email: method.type === 'Email' ? method.address : null,
      phone: method.type === 'SMS' ? method.address : null,
      verified_at: method.verified ? new Date() : null,
      undeliverable_at: null,
      undeliverable_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A subscriber with its account email as an (unverified unless said) notification method. */
export async function createSubscriber(
  db: Database,
  options: { email?: string; verified?: boolean; language?: Language } = {},
) {
  const email = options.email ?? uniqueEmail('subscriber');
  const user = await db
    .insertInto('users')
    .values({
      email,
      language: options.language ?? 'en',
      password_hash: null,
      email_verified_at: options.verified ? new Date() : null,
      last_login_at: null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  const method = await addNotificationMethod(db, user.id, {
    type: 'Email',
    address: email,
    verified: options.verified,
  });
  return { id: user.id, email: user.email, methodId: method.id };
}

/** A personal access token of a user, written straight to the database; returns its secret. */
export async function createToken(
  db: Database,
  userId: string,
  scopes: ('read' | 'write')[] = ['read', 'write'],
): Promise<string> {
  const secret = generateToken();
  await insertToken(db, {
    userId,
    name: 'test',
    hash: hashToken(secret),
    hint: tokenHint(secret),
    scopes,
    expiresAt: null,
  });
  return secret;
}

export const STAFF_PASSWORD = 'correct horse battery staple';

export async function createStaff(db: Database, role: StaffRole, email = uniqueEmail(role)) {
  const { id } = await upsertStaff(db, { email, role, password: STAFF_PASSWORD });
  return { id, email };
}

export type CountyRow = { id: number; name: string; code: string };

/** A county with the Sacramento mask unless told otherwise. */
export async function createCounty(
  db: Database,
  overrides: Partial<{
    name: string;
    code: string;
    ui_mask: string;
    data_mask: string;
    format: string;
    is_enabled: boolean;
  }> = {},
): Promise<CountyRow> {
  const code = overrides.code ?? `C${randomBytes(3).toString('hex').toUpperCase()}`;
  return db
    .insertInto('counties')
    .values({
      name: overrides.name ?? `County ${code}`,
      code,
      ui_mask: overrides.ui_mask ?? '000-0000-000-0000',
      data_mask: overrides.data_mask ?? '00000000000000',
      format: overrides.format ?? '012-0345-006-0000',
      link_url: 'https://recorder.example.gov',
      is_enabled: overrides.is_enabled ?? true,
    })
    .returning(['id', 'name', 'code'])
    .executeTakeFirstOrThrow();
}

/**
 * A complete Edit County form (the body of POST /api/admin/counties/update) for a county made
 * by createCounty, with `changes`.
 */
export function countyForm(county: CountyRow, changes: Record<string, unknown> = {}) {
  return {
    id: county.id,
    name: county.name,
    code: county.code,
    uiMask: '000-0000-000-0000',
    dataMask: '00000000000000',
    format: '012-0345-006-0000',
    linkUrl: 'https://recorder.example.gov',
    alertSendGridEmailTemplateId: 'county-alert',
    isEnabled: true,
    ...changes,
  };
}

/**
 * Turns on a county's mailer (grant deeds, written into `output`) and puts one parcel on its
 * roll, whose owner the mailer writes to.
 */
export async function enableCountyMailer(
  db: Database,
  countyId: number,
  output: string,
  parcel: { apn: string; address: string; owner: string },
  settings: { use_watermark?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('counties')
    .set({
      create_county_mailer: true,
      mailer_document_types: ['GRANT DEED'],
      mailer_output_path: output,
      ...settings,
    })
    .where('id', '=', countyId)
    .execute();
  await db
    .insertInto('parcels')
    .values({
      county_id: countyId,
      apn: parcel.apn,
      apn_key: apnCharacters(parcel.apn),
      address: parcel.address,
      address_key: parcel.address,
      city: 'AUBURN',
      state: 'CA',
      zip: '95603',
      owner_names: [parcel.owner],
    })
    .execute();
}

/** A recorded document and an alert about it for one of the user's guarded names. */
export async function createEvent(
  db: Database,
  input: {
    userId: string;
    countyId: number;
    documentNumber?: string;
    createdAt?: Date;
    name?: string;
  },
) {
  const name = input.name ?? 'SMITH JOHN';
  const subscription =
    (await db
      .selectFrom('name_subscriptions')
      .select('id')
      .where('user_id', '=', input.userId)
      .where('county_id', '=', input.countyId)
      .where('name_key', '=', name)
      .executeTakeFirst()) ??
    (await db
      .insertInto('name_subscriptions')
      .values({
        user_id: input.userId,
        county_id: input.countyId,
        name,
        name_key: name,
        activated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  const number = input.documentNumber ?? `2026-${randomBytes(3).toString('hex')}`;
  const document = await db
    .insertInto('recorded_documents')
    .values({
      county_id: input.countyId,
      document_number: number,
      document_type: 'GRANT DEED',
      recorded_at: new Date(),
      container: 'SAC',
      file_name: `${number}.pdf`,
      page_count: 2,
      pdf_error: null,
      text_search: null,
      matched_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('events')
    .values({
      user_id: input.userId,
      document_id: document.id,
      name_subscription_id: subscription.id,
      apn_subscription_id: null,
      match_kind: 'name',
      matched_value: name,
      party_role: 'grantee',
      is_exact: true,
      tier: 'exact',
      confidence: 0.9,
      created_at: input.createdAt ?? new Date(),
    })
    .returning(['id', 'document_id'])
    .executeTakeFirstOrThrow();
}
