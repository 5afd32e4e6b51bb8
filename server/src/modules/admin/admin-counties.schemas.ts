import {
  COUNTY_CODE_PATTERN,
  MASK_PATTERN,
  MAX_COUNTY_CODE_LENGTH,
  MAX_COUNTY_NAME_LENGTH,
  MAX_MASK_LENGTH,
  normaliseDocumentTypes,
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
});
export type AdminCounty = v.InferOutput<typeof AdminCounty>;

export const AdminCountyList = v.pipe(
  v.array(AdminCounty),
  v.description(
    'Every county, disabled ones included, sorted by name (case-insensitive). There are only dozens: the web app pages (10/20/50/100) and sorts (name or code) this list itself.',
  ),
);

export const UpdateCountyBody = v.strictObject({ id: CountyId, ...countyFields, ...mailerFields });
export type UpdateCountyInput = v.InferOutput<typeof UpdateCountyBody>;
