import {
  COUNTY_CODE_PATTERN,
  isEmail,
  LEVEL_SUBJECTS,
  LEVELS,
  levelDocumentType,
  MASK_PATTERN,
  MAX_COUNTY_CODE_LENGTH,
  MAX_COUNTY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_FRAUD_CONTACT_NAME_LENGTH,
  MAX_FRAUD_CONTACT_PHONE_LENGTH,
  MAX_FRAUD_CONTACT_URL_LENGTH,
  MAX_LEVEL_DOCUMENT_TYPE_LENGTH,
  MAX_LEVEL_OVERRIDES,
  MAX_MASK_LENGTH,
  normaliseDocumentTypes,
  isPhone,
  PHONE_RULE,
  type RequiredCountyField,
} from '@deedwatch/rules';
import * as v from 'valibot';

// Postgres refuses NUL in text and nothing here has a use for control characters: a 400, not a 500.
const CONTROL_CHARACTER = /\p{Cc}/u;

/** A trimmed, bounded line of text. */
const text = (max: number, description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, `is at most ${max} characters`),
    v.check((value) => !CONTROL_CHARACTER.test(value), 'must not contain control characters'),
    v.description(description),
  );

const requiredText = (max: number, description: string) =>
  v.pipe(text(max, description), v.minLength(1, 'is required'));

const Mask = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(MAX_MASK_LENGTH, `is at most ${MAX_MASK_LENGTH} characters`),
    v.regex(MASK_PATTERN, 'may contain only 0 (a digit), a (a letter) and -'),
    v.regex(/[0a]/, 'needs at least one 0 or a'),
    v.description(description),
  );

const LinkUrl = v.pipe(
  requiredText(2000, "The county recorder's web page, an http(s) URL"),
  v.check(isHttpUrl, 'must be an http(s) URL, such as https://recorder.example.gov'),
);

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

const DocumentTypes = v.pipe(
  v.array(text(100, 'A document type as the county index names it, such as GRANT DEED')),
  v.maxLength(200, 'has at most 200 document types'),
  v.description(
    'Document types that go into the county mailer. Trimmed, inner spaces collapsed, upper-cased and deduplicated (first occurrence kept); blank entries are dropped.',
  ),
  v.transform((types: string[]) => normaliseDocumentTypes(types)),
);

const CountyId = v.pipe(
  v.number('must be a county id (a whole number)'),
  v.integer('must be a county id (a whole number)'),
  v.minValue(1, 'must be a county id (a whole number)'),
  // The column is a 32-bit integer: a larger id cannot exist, and Postgres would refuse it.
  v.maxValue(2_147_483_647, 'must be a county id (a whole number)'),
  v.description('The id GET /api/admin/counties gives the county'),
);

const TEMPLATE_DESCRIPTION =
  "The Postmark template alias of this county's alert emails. The field keeps the name the web app and API consumers know (from an earlier SendGrid integration); it holds a Postmark template alias.";

const countyFields = {
  name: requiredText(
    MAX_COUNTY_NAME_LENGTH,
    'The county name, as GET /api/config and every request name it',
  ),
  code: v.pipe(
    requiredText(
      MAX_COUNTY_CODE_LENGTH,
      'Short upper-case code: letters A-Z, digits and _; stored upper-cased',
    ),
    v.toUpperCase(),
    v.regex(COUNTY_CODE_PATTERN, 'may contain only letters A-Z, digits and _'),
  ),
  uiMask: Mask('APN input mask shown to subscribers: 0 a digit, a a letter, - kept as typed'),
  dataMask: Mask("APN mask of the county's data feed: 0 a digit, a a letter, - kept"),
  format: requiredText(100, 'An example APN in the county format'),
  linkUrl: LinkUrl,
  alertSendGridEmailTemplateId: requiredText(200, TEMPLATE_DESCRIPTION),
  isEnabled: v.pipe(
    v.boolean(),
    v.description('Whether subscribers can choose the county and its alerts run'),
  ),
} satisfies Record<RequiredCountyField, v.GenericSchema>;

// Optional in an update: an omitted one keeps its current value.
const mailerFields = {
  createCountyMailer: v.optional(
    v.pipe(v.boolean(), v.description('Whether a county mailer PDF is made')),
  ),
  mailerDocumentTypes: v.optional(DocumentTypes),
  mailerTemplatePath: v.optional(text(500, 'The letter template of the county mailer')),
  useOnePageMailer: v.optional(v.pipe(v.boolean(), v.description('One-page mailer letters'))),
  mailerOutputPath: v.optional(text(500, 'Where the county mailer PDFs are written')),
  useWatermark: v.optional(
    v.pipe(v.boolean(), v.description('Watermark the documents in the mailer')),
  ),
  addSampleToMailer: v.optional(
    v.pipe(v.boolean(), v.description('Add a sample page to the mailer')),
  ),
  inboxPath: v.optional(
    text(
      500,
      "A folder on the server the recorder's feed folders are dropped into; polled every minute ('' for none)",
    ),
  ),
};

const LevelPicklist = v.pipe(
  v.picklist(LEVELS, "must be 'act_now', 'check' or 'records'"),
  v.description('act_now (Act now), check (Check) or records (For your records)'),
);
const SubjectPicklist = v.pipe(
  v.picklist(LEVEL_SUBJECTS, "must be 'grantor', 'grantee' or 'property'"),
  v.description(
    'Whom the row is about: the guarded name as grantor or as grantee, or the guarded property (APN or address)',
  ),
);

/** One row of a level table: the level of a document type for one subject. */
export const LevelRow = v.object({
  documentType: v.pipe(
    v.string(),
    v.description('The document type, apostrophes dropped, spaces collapsed, upper-cased'),
  ),
  subject: SubjectPicklist,
  level: LevelPicklist,
});
export type LevelRow = v.InferOutput<typeof LevelRow>;

const LevelOverride = v.strictObject({
  documentType: v.pipe(
    text(MAX_LEVEL_DOCUMENT_TYPE_LENGTH, 'A document type as the county index names it'),
    v.minLength(1, 'is required'),
    v.transform(levelDocumentType),
    // Checked again as stored: apostrophes and spaces may leave nothing, and a few letters
    // upper-case to two characters (ß to SS).
    v.minLength(1, 'has no letters once apostrophes and spaces are dropped'),
    v.maxLength(
      MAX_LEVEL_DOCUMENT_TYPE_LENGTH,
      `is at most ${MAX_LEVEL_DOCUMENT_TYPE_LENGTH} characters once upper-cased`,
    ),
  ),
  subject: SubjectPicklist,
  level: LevelPicklist,
});

const LevelOverrides = v.pipe(
  v.array(LevelOverride),
  v.maxLength(MAX_LEVEL_OVERRIDES, `has at most ${MAX_LEVEL_OVERRIDES} rows`),
  v.check(
    (rows) => new Set(rows.map((r) => `${r.documentType}|${r.subject}`)).size === rows.length,
    'gives a document type the same subject twice',
  ),
  v.description(
    "The county's own level rows, which win over the default table; a document type in neither is Check. Document types are compared with apostrophes dropped, spaces collapsed and upper-cased. Saving recomputes the level of the county's events of every document type whose rows changed.",
  ),
);

const optionalText = (max: number, description: string) => v.optional(text(max, description));

// Optional in an update: an omitted one keeps its current value; '' clears it.
const fraudContactFields = {
  fraudContactName: optionalText(
    MAX_FRAUD_CONTACT_NAME_LENGTH,
    'Who takes fraud reports for the county (an office or a unit), shown on events and in case packets',
  ),
  fraudContactPhone: v.optional(
    v.pipe(
      text(MAX_FRAUD_CONTACT_PHONE_LENGTH, 'Their phone number'),
      v.check((value) => value === '' || isPhone(value), PHONE_RULE),
    ),
  ),
  fraudContactEmail: v.optional(
    v.pipe(
      text(MAX_EMAIL_LENGTH, 'Their email address'),
      // Lower-cased before the check: a few letters lower-case to two characters (İ to i̇).
      v.toLowerCase(),
      v.check(
        (value) => value === '' || isEmail(value),
        `must be an email address of at most ${MAX_EMAIL_LENGTH} characters`,
      ),
    ),
  ),
  fraudContactUrl: v.optional(
    v.pipe(
      text(MAX_FRAUD_CONTACT_URL_LENGTH, 'Their web page about fraud, an http(s) URL'),
      v.check(
        (value) => value === '' || isHttpUrl(value),
        'must be an http(s) URL, such as https://recorder.example.gov/fraud',
      ),
    ),
  ),
  levelOverrides: v.optional(LevelOverrides),
};

/** A county as staff see it: every setting of Edit County. */
export const AdminCounty = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  code: v.string(),
  uiMask: v.string(),
  dataMask: v.string(),
  format: v.string(),
  linkUrl: v.string(),
  alertSendGridEmailTemplateId: v.pipe(v.string(), v.description(TEMPLATE_DESCRIPTION)),
  createCountyMailer: v.boolean(),
  mailerDocumentTypes: v.pipe(
    v.array(v.string()),
    v.description('Upper-case document types, no repeats'),
  ),
  mailerTemplatePath: v.string(),
  useOnePageMailer: v.boolean(),
  mailerOutputPath: v.string(),
  useWatermark: v.boolean(),
  isEnabled: v.boolean(),
  addSampleToMailer: v.boolean(),
  inboxPath: v.pipe(
    v.string(),
    v.description("The folder polled for the recorder's feed folders; '' for none"),
  ),
  fraudContactName: v.pipe(v.string(), v.description("Who takes fraud reports; '' for none")),
  fraudContactPhone: v.string(),
  fraudContactEmail: v.string(),
  fraudContactUrl: v.string(),
  levelOverrides: v.pipe(
    v.array(LevelRow),
    v.description("The county's own level rows, by document type and subject"),
  ),
});
export type AdminCounty = v.InferOutput<typeof AdminCounty>;

export const AdminCountyList = v.pipe(
  v.array(AdminCounty),
  v.description(
    'Every county, disabled ones included, sorted by name (case-insensitive). There are only dozens: the web app pages (10/20/50/100) and sorts (name or code) this list itself.',
  ),
);

export const UpdateCountyBody = v.strictObject({
  id: CountyId,
  ...countyFields,
  ...mailerFields,
  ...fraudContactFields,
});
export type UpdateCountyInput = v.InferOutput<typeof UpdateCountyBody>;

export const LevelDefaults = v.pipe(
  v.array(LevelRow),
  v.description(
    'The default level table, by document type and subject: Act now for a conveyance the guarded owner gives or on the guarded property, a loan the owner takes or on the property, and a notice of default or sale, lis pendens, lien or judgment whoever it names; Check for the owner receiving, assignments, substitutions of trustee and easements; For your records for reconveyances, releases and satisfactions. A document type in no row is Check.',
  ),
);
