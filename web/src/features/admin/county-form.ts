import {
  COUNTY_CODE_PATTERN,
  COUNTY_PATH_LABELS,
  type CountyPathField,
  firstIssueOnly,
  isEmail,
  isPhone,
  LEVEL_SUBJECTS,
  LEVELS,
  levelDocumentType,
  MAX_EMAIL_LENGTH,
  MAX_FRAUD_CONTACT_NAME_LENGTH,
  MAX_FRAUD_CONTACT_PHONE_LENGTH,
  MAX_FRAUD_CONTACT_URL_LENGTH,
  MAX_LEVEL_DOCUMENT_TYPE_LENGTH,
  MAX_LEVEL_OVERRIDES,
  PHONE_RULE,
  MASK_PATTERN,
  MAX_COUNTY_CODE_LENGTH,
  MAX_COUNTY_NAME_LENGTH,
  MAX_MASK_LENGTH,
  normaliseDocumentTypes,
  REQUIRED_COUNTY_FIELDS,
  REQUIRED_COUNTY_TEXT_FIELDS,
} from '@deedwatch/rules';
import * as v from 'valibot';
import type { AdminCounty } from './types';

/**
 * The form's values: the county's API fields, except that the county's Postmark template alias,
 * which the API still calls alertSendGridEmailTemplateId, is alertTemplateAlias here.
 * formValuesOf and updateBody translate.
 */
export type CountyFormValues = Omit<AdminCounty, 'id' | 'alertSendGridEmailTemplateId'> & {
  alertTemplateAlias: string;
};
type ApiField = keyof Omit<AdminCounty, 'id'>;

const apiFieldOf = (field: keyof CountyFormValues): ApiField =>
  field === 'alertTemplateAlias' ? 'alertSendGridEmailTemplateId' : field;

/** The labels of the form, which its messages name. */
export const COUNTY_LABELS = {
  name: 'Name',
  code: 'Code',
  uiMask: 'UI Mask',
  dataMask: 'Data Mask',
  format: 'Format',
  linkUrl: 'Link URL',
  alertTemplateAlias: 'Alert Email Template',
  isEnabled: 'Enabled',
  createCountyMailer: 'Create County Mailer',
  mailerDocumentTypes: 'Mailer Document Types',
  // The server names these in its refusals as the form does.
  mailerTemplatePath: COUNTY_PATH_LABELS.mailerTemplatePath,
  useOnePageMailer: 'Use One-Page Mailer',
  mailerOutputPath: COUNTY_PATH_LABELS.mailerOutputPath,
  useWatermark: 'Use Watermark',
  addSampleToMailer: 'Add Sample to Mailer',
  inboxPath: COUNTY_PATH_LABELS.inboxPath,
  fraudContactName: 'Fraud Contact Name',
  fraudContactPhone: 'Fraud Contact Phone',
  fraudContactEmail: 'Fraud Contact Email',
  fraudContactUrl: 'Fraud Contact Web Page',
  levelOverrides: 'Level Overrides',
} as const satisfies Record<keyof CountyFormValues, string>;

/**
 * The path field a refused save is about: the server checks the paths on its file system, which
 * the form cannot, and starts its refusal with the field's label and the value ("Mailer Output
 * Path '/tmp/x' is outside the allowed folders; …"). Undefined for any other refusal.
 */
export function pathFieldOf(message: string): CountyPathField | undefined {
  return (Object.keys(COUNTY_PATH_LABELS) as CountyPathField[]).find((field) =>
    message.startsWith(`${COUNTY_PATH_LABELS[field]} '`),
  );
}

/** Whether Edit County requires the field: the shared rules say, as they do for the server. */
export const isRequiredCountyField = (field: keyof CountyFormValues) =>
  (REQUIRED_COUNTY_FIELDS as readonly string[]).includes(apiFieldOf(field));

/** The required text fields, in the rules' order, by the form's names. */
export const REQUIRED_TEXT_FIELDS = REQUIRED_COUNTY_TEXT_FIELDS.map((field) =>
  field === 'alertSendGridEmailTemplateId' ? 'alertTemplateAlias' : field,
);

/** A text field as the server takes it: trimmed, not blank when required, at most `max` long. */
const text = (field: keyof typeof COUNTY_LABELS, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (value) => value !== '' || !isRequiredCountyField(field),
      `${COUNTY_LABELS[field]} is required`,
    ),
    v.maxLength(max, `${COUNTY_LABELS[field]} is at most ${max} characters`),
  );
const MASK_RULE = 'Use 0 for a digit, a for a letter, and -';
const isHttpAddress = (url: string) => /^https?:\/\/\S+$/i.test(url);

/** A county's own level row; the same document type and subject at most once. */
const LevelOverrides = v.pipe(
  v.array(
    v.object({
      documentType: v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty('Document type is required'),
        v.maxLength(
          MAX_LEVEL_DOCUMENT_TYPE_LENGTH,
          `Document type is at most ${MAX_LEVEL_DOCUMENT_TYPE_LENGTH} characters`,
        ),
      ),
      subject: v.picklist(LEVEL_SUBJECTS),
      level: v.picklist(LEVELS),
    }),
  ),
  v.maxLength(MAX_LEVEL_OVERRIDES, `At most ${MAX_LEVEL_OVERRIDES} rows`),
  v.check(
    (rows) =>
      new Set(rows.map((r) => `${levelDocumentType(r.documentType)}|${r.subject}`)).size ===
      rows.length,
    'A document type has the same row twice: keep one',
  ),
);

/** The required fields, and the server's own limits, so a save is not refused. */
export const CountySchema = firstIssueOnly(
  v.object({
    name: text('name', MAX_COUNTY_NAME_LENGTH),
    code: v.pipe(
      text('code', MAX_COUNTY_CODE_LENGTH),
      v.regex(COUNTY_CODE_PATTERN, 'Use capital letters, digits and _ only'),
    ),
    uiMask: v.pipe(text('uiMask', MAX_MASK_LENGTH), v.regex(MASK_PATTERN, MASK_RULE)),
    dataMask: v.pipe(text('dataMask', MAX_MASK_LENGTH), v.regex(MASK_PATTERN, MASK_RULE)),
    format: text('format', 100),
    linkUrl: v.pipe(
      text('linkUrl', 2000),
      v.check((url) => /^https?:\/\/\S+$/i.test(url), 'Enter an http(s) address'),
    ),
    alertTemplateAlias: text('alertTemplateAlias', 200),
    isEnabled: v.boolean(),
    createCountyMailer: v.boolean(),
    mailerDocumentTypes: v.array(v.string()),
    mailerTemplatePath: text('mailerTemplatePath', 500),
    useOnePageMailer: v.boolean(),
    mailerOutputPath: text('mailerOutputPath', 500),
    useWatermark: v.boolean(),
    addSampleToMailer: v.boolean(),
    inboxPath: text('inboxPath', 500),
    fraudContactName: text('fraudContactName', MAX_FRAUD_CONTACT_NAME_LENGTH),
    fraudContactPhone: v.pipe(
      text('fraudContactPhone', MAX_FRAUD_CONTACT_PHONE_LENGTH),
      v.check(
        (phone) => phone === '' || isPhone(phone),
        `${COUNTY_LABELS.fraudContactPhone} ${PHONE_RULE}`,
      ),
    ),
    fraudContactEmail: v.pipe(
      text('fraudContactEmail', MAX_EMAIL_LENGTH),
      v.check((email) => email === '' || isEmail(email), 'Enter an email address'),
    ),
    fraudContactUrl: v.pipe(
      text('fraudContactUrl', MAX_FRAUD_CONTACT_URL_LENGTH),
      v.check((url) => url === '' || isHttpAddress(url), 'Enter an http(s) address'),
    ),
    levelOverrides: LevelOverrides,
  }),
);

export function formValuesOf(county: AdminCounty): CountyFormValues {
  const { id: _id, alertSendGridEmailTemplateId, ...values } = county;
  return { ...values, alertTemplateAlias: alertSendGridEmailTemplateId };
}

/** The update request: every field trimmed, the code upper-cased, the document types normalised. */
export function updateBody(id: number, values: CountyFormValues) {
  const { alertTemplateAlias, ...trimmed } = v.parse(CountySchema, values);
  return {
    ...trimmed,
    alertSendGridEmailTemplateId: alertTemplateAlias,
    id,
    code: trimmed.code.toUpperCase(),
    mailerDocumentTypes: normaliseDocumentTypes(trimmed.mailerDocumentTypes),
    levelOverrides: trimmed.levelOverrides.map((row) => ({
      ...row,
      documentType: levelDocumentType(row.documentType),
    })),
  };
}
