import type { PgBoss } from 'pg-boss';
import { missingRequiredCountyFields } from '@deedwatch/rules';
import type { Database } from '../../db/database.ts';
import {
  confineCountyPath,
  type CountyPathField,
  type CountyPathPolicy,
} from '../../lib/county-paths.ts';
import * as levels from '../../engine/levels/levels.repository.ts';
import {
  enqueueLevelChangeWebhooks,
  levelChangeListeners,
} from '../../engine/webhooks/event-webhooks.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/route.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import * as repo from './admin-counties.repository.ts';
import type { AdminCounty, LevelRow, UpdateCountyInput } from './admin-counties.schemas.ts';

/** Each API field of a county and the column that stores it. */
const COLUMN_OF = {
  name: 'name',
  code: 'code',
  uiMask: 'ui_mask',
  dataMask: 'data_mask',
  format: 'format',
  linkUrl: 'link_url',
  alertSendGridEmailTemplateId: 'alert_template_id',
  createCountyMailer: 'create_county_mailer',
  mailerDocumentTypes: 'mailer_document_types',
  mailerTemplatePath: 'mailer_template_path',
  useOnePageMailer: 'use_one_page_mailer',
  mailerOutputPath: 'mailer_output_path',
  useWatermark: 'use_watermark',
  isEnabled: 'is_enabled',
  addSampleToMailer: 'add_sample_to_mailer',
  inboxPath: 'inbox_path',
  fraudContactName: 'fraud_contact_name',
  fraudContactPhone: 'fraud_contact_phone',
  fraudContactEmail: 'fraud_contact_email',
  fraudContactUrl: 'fraud_contact_url',
} as const satisfies Record<
  Exclude<keyof AdminCounty, 'id' | 'levelOverrides'>,
  keyof repo.CountyRow
>;

type Field = keyof typeof COLUMN_OF;
const FIELDS = Object.keys(COLUMN_OF) as Field[];

const toLevelRow = (row: levels.LevelRow): LevelRow => ({
  documentType: row.document_type,
  subject: row.subject,
  level: row.level,
});

export function toAdminCounty(row: repo.CountyRow, overrides: LevelRow[]): AdminCounty {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    uiMask: row.ui_mask,
    dataMask: row.data_mask,
    format: row.format,
    linkUrl: row.link_url,
    alertSendGridEmailTemplateId: row.alert_template_id,
    createCountyMailer: row.create_county_mailer,
    mailerDocumentTypes: row.mailer_document_types,
    mailerTemplatePath: row.mailer_template_path,
    useOnePageMailer: row.use_one_page_mailer,
    mailerOutputPath: row.mailer_output_path,
    useWatermark: row.use_watermark,
    isEnabled: row.is_enabled,
    addSampleToMailer: row.add_sample_to_mailer,
    inboxPath: row.inbox_path,
    fraudContactName: row.fraud_contact_name,
    fraudContactPhone: row.fraud_contact_phone,
    fraudContactEmail: row.fraud_contact_email,
    fraudContactUrl: row.fraud_contact_url,
    levelOverrides: overrides,
  };
}

export async function listCounties(db: Database): Promise<AdminCounty[]> {
  const [rows, overrides] = await Promise.all([repo.listCounties(db), levels.listAllOverrides(db)]);
  const overridesOf = new Map<number, LevelRow[]>();
  for (const o of overrides) {
    const list = overridesOf.get(o.county_id) ?? [];
    list.push(toLevelRow(o));
    overridesOf.set(o.county_id, list);
  }
  return rows.map((row) => toAdminCounty(row, overridesOf.get(row.id) ?? []));
}

/** The default level table, which a county's own rows override. */
export async function levelDefaults(db: Database): Promise<LevelRow[]> {
  return (await levels.listDefaults(db)).map(toLevelRow);
}

const rowKey = (r: LevelRow) => `${r.documentType}|${r.subject}`;

/** The document types whose level rows differ between `before` and `after`. */
function changedDocumentTypes(before: LevelRow[], after: LevelRow[]): string[] {
  const levelOf = (rows: LevelRow[]) => new Map(rows.map((r) => [rowKey(r), r.level]));
  const a = levelOf(before);
  const b = levelOf(after);
  const types = new Set<string>();
  for (const r of [...before, ...after]) {
    if (a.get(rowKey(r)) !== b.get(rowKey(r))) types.add(r.documentType);
  }
  return [...types].sort();
}

const sortedRows = (rows: LevelRow[]) =>
  [...rows].sort((x, y) => (rowKey(x) < rowKey(y) ? -1 : rowKey(x) > rowKey(y) ? 1 : 0));

/** Names every missing required field in one message, before any other check of the body. */
export function assertRequiredFields(body: unknown): void {
  const missing = missingRequiredCountyFields(body);
  if (missing.length === 0) return;
  const list =
    missing.length === 1
      ? missing[0]
      : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  throw badRequest(`${list} ${missing.length === 1 ? 'is' : 'are'} required.`);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isUniqueViolation = (err: unknown, constraint: string) =>
  (err as { code?: string }).code === '23505' &&
  (err as { constraint?: string }).constraint === constraint;

const codeTaken = (code: string, by = 'another county') =>
  `County code '${code}' is already used by ${by}.`;
const nameTaken = (name: string, by = 'another county') =>
  `County name '${name}' is already used by ${by}.`;

const PATH_FIELDS: readonly CountyPathField[] = [
  'inboxPath',
  'mailerOutputPath',
  'mailerTemplatePath',
];

/**
 * Refuses (400) a county path that is not under the data folder or a COUNTY_PATH_ROOTS folder
 * once its links are resolved. Every path in the form is checked, changed or not: a path saved
 * before the rule existed is refused where it is used, so the form says so too.
 */
async function assertCountyPaths(policy: CountyPathPolicy, input: UpdateCountyInput) {
  for (const field of PATH_FIELDS) {
    const value = input[field];
    if (value === undefined || value === '') continue;
    const confined = await confineCountyPath(policy, field, value);
    if (!confined.ok) throw badRequest(confined.message);
  }
}

/**
 * Applies an Edit County form. Omitted optional (mailer) fields keep their values. Only the
 * fields that change are written, and the audit row records each with its before and after
 * value, in the same transaction. A form that changes nothing writes nothing. The folder
 * and file settings must lie within `countyPaths` (checked on the file system before the
 * transaction, and again by the engine where they are used).
 */
export async function updateCounty(
  db: Database,
  actor: Caller,
  input: UpdateCountyInput,
  countyPaths: CountyPathPolicy,
  boss?: PgBoss,
): Promise<AdminCounty> {
  const { id, ...given } = input;
  await assertCountyPaths(countyPaths, input);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await repo.findCounty(trx, id, true);
      if (!row) throw notFound(`County '${id}' not found.`);
      const clash = await repo.findClash(trx, id, { code: given.code, name: given.name });
      if (clash) {
        throw conflict(
          clash.code === given.code
            ? codeTaken(given.code, `${clash.name} (id ${clash.id})`)
            : nameTaken(given.name, `county ${clash.code} (id ${clash.id})`),
        );
      }

      const before = toAdminCounty(row, (await levels.listOverrides(trx, id)).map(toLevelRow));
      const changed = FIELDS.filter(
        (field) => given[field] !== undefined && !same(given[field], before[field]),
      );
      const overrides = given.levelOverrides && sortedRows(given.levelOverrides);
      const relevelled = overrides ? changedDocumentTypes(before.levelOverrides, overrides) : [];
      if (changed.length === 0 && relevelled.length === 0) return before;

      const columns: repo.CountyChanges = {};
      const details: Record<string, unknown> = {};
      for (const field of changed) {
        (columns as Record<string, unknown>)[COLUMN_OF[field]] = given[field];
        details[field] = { before: before[field], after: given[field] };
      }
      const updated =
        changed.length > 0 ? await repo.updateCounty(trx, id, columns) : (row as repo.CountyRow);
      let after = before.levelOverrides;
      if (overrides && relevelled.length > 0) {
        // After the matcher batches writing this county's events now, so that they are
        // recomputed too; batches that start meanwhile wait, then read the new rows.
        await levels.lockCountyLevels(trx, id);
        await levels.replaceOverrides(
          trx,
          id,
          overrides.map((r) => ({
            document_type: r.documentType,
            subject: r.subject,
            level: r.level,
          })),
        );
        // The county's events of those types take their new level now, in this transaction,
        // and the subscribers who asked are sent each change by webhook.
        const listeners = boss ? await levelChangeListeners(trx) : [];
        const relevel = await levels.recomputeLevels(trx, id, relevelled, listeners);
        if (boss) await enqueueLevelChangeWebhooks(trx, boss, relevel.changes, new Date());
        details.levelOverrides = {
          before: before.levelOverrides,
          after: overrides,
          events: relevel.count,
        };
        after = overrides;
      }
      await writeAudit(trx, {
        actorId: actor.userId,
        impersonatorId: actor.impersonatorId,
        action: 'county.update',
        targetType: 'county',
        targetId: String(id),
        details,
      });
      return toAdminCounty(updated, after);
    });
  } catch (err) {
    // Two edits racing to the same code or name: the second meets the unique index.
    if (isUniqueViolation(err, 'counties_code_key')) throw conflict(codeTaken(given.code));
    if (isUniqueViolation(err, 'counties_name_key')) throw conflict(nameTaken(given.name));
    throw err;
  }
}
