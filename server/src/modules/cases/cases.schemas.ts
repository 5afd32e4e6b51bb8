import {
  CASE_PROBLEMS,
  CASE_STATUSES,
  LEVELS,
  MAX_CASE_NOTE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_STATEMENT_LENGTH,
  MIN_STATEMENT_LENGTH,
  PREFERRED_CONTACTS,
} from '@deedwatch/rules';
import * as v from 'valibot';
import { pageQuery } from '../../lib/schema.ts';

const Id = v.pipe(v.string(), v.uuid());
const Timestamp = v.pipe(v.string(), v.isoTimestamp());
// Line breaks and tabs are text; other control characters (NUL above all) are not.
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

export const EventParams = v.strictObject({
  id: v.pipe(
    v.string(),
    v.uuid('must be the id of one of your alerts (a UUID)'),
    v.description('The event, by the id the session user gives it'),
  ),
});

export const CaseParams = v.strictObject({
  id: v.pipe(
    v.string(),
    v.uuid('must be a case id (a UUID)'),
    v.description('The case, by its id'),
  ),
});

export const CaseStatusSchema = v.pipe(
  v.picklist(CASE_STATUSES, "must be 'open', 'contacted' or 'closed'"),
  v.description('open (reported), contacted (staff reached the subscriber), closed; only forward'),
);

export const ProblemSchema = v.pipe(
  v.picklist(
    CASE_PROBLEMS,
    "must be 'did_not_sign', 'not_authorised', 'unknown_parties' or 'other'",
  ),
  v.description(
    'What is wrong: did_not_sign (I did not sign this document), not_authorised (I did not authorise anyone to sign it for me), unknown_parties (I do not know the people or companies named on it), other',
  ),
);

const Statement = v.pipe(
  v.string('is required: say in your own words what is wrong'),
  v.trim(),
  v.minLength(
    MIN_STATEMENT_LENGTH,
    `is required: say in your own words what is wrong (at least ${MIN_STATEMENT_LENGTH} characters)`,
  ),
  v.maxLength(MAX_STATEMENT_LENGTH, `is at most ${MAX_STATEMENT_LENGTH} characters`),
  v.check((s) => !CONTROL_CHARACTER.test(s), 'must not contain control characters'),
  v.description(
    `The subscriber's statement, ${MIN_STATEMENT_LENGTH} to ${MAX_STATEMENT_LENGTH} characters: it goes into the case packet as written`,
  ),
);

export const ReportBody = v.pipe(
  v.strictObject({
    problem: ProblemSchema,
    statement: Statement,
    contactEmail: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(MAX_EMAIL_LENGTH, `is at most ${MAX_EMAIL_LENGTH} characters`),
      v.description('Where staff may write to the subscriber about the case'),
    ),
    contactPhone: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(40, 'is at most 40 characters'),
        v.description("Where staff may call: 10 digits, or + and the country code; '' for none"),
      ),
      '',
    ),
    preferredContact: v.pipe(
      v.picklist(PREFERRED_CONTACTS, "must be 'email' or 'phone'"),
      v.description('How the subscriber would rather be reached (phone needs contactPhone)'),
    ),
  }),
  v.examples([
    {
      problem: 'did_not_sign',
      statement: 'I did not sign this grant deed and do not know the grantee named in it.',
      contactEmail: 'jane.doe@example.com',
      contactPhone: '(916) 555-0142',
      preferredContact: 'phone',
    },
  ]),
);
export type ReportInput = v.InferOutput<typeof ReportBody>;

/** A case as its subscriber sees it on the event. */
export const SubscriberCase = v.object({
  id: Id,
  caseNumber: v.pipe(v.string(), v.description('The number to quote to support and the county')),
  status: CaseStatusSchema,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  packetUrl: v.pipe(v.string(), v.description('Where the case packet PDF downloads (this API)')),
});
export type SubscriberCase = v.InferOutput<typeof SubscriberCase>;

export const CaseQuery = v.strictObject({
  status: v.optional(CaseStatusSchema),
  county: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(10, 'must be a county id (a whole number)'),
      v.regex(/^[1-9][0-9]{0,9}$/, 'must be a county id (a whole number)'),
      v.transform(Number),
      v.maxValue(2_147_483_647, 'must be a county id (a whole number)'),
      v.description('Only the cases of this county, by the id GET /api/admin/counties gives'),
    ),
  ),
  ...pageQuery('Cases'),
});
export type CaseQuery = v.InferOutput<typeof CaseQuery>;

const StaffCaseFields = {
  id: Id,
  caseNumber: v.string(),
  status: CaseStatusSchema,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  contactedAt: v.nullable(Timestamp),
  closedAt: v.nullable(Timestamp),
  county: v.pipe(v.string(), v.description("The document's county")),
  countyId: v.pipe(v.number(), v.integer()),
  documentNumber: v.string(),
  documentType: v.string(),
  recordedAt: Timestamp,
  level: v.picklist(LEVELS),
  subscriberEmail: v.string(),
  userId: Id,
  problem: ProblemSchema,
  contactEmail: v.string(),
  contactPhone: v.string(),
  preferredContact: v.picklist(PREFERRED_CONTACTS),
};

export const StaffCaseSummary = v.object(StaffCaseFields);

export const CasePage = v.object({
  cases: v.pipe(v.array(StaffCaseSummary), v.description('Newest first')),
  totalCases: v.pipe(v.number(), v.integer(), v.description('Cases on all pages')),
  counties: v.pipe(
    v.array(v.object({ id: v.pipe(v.number(), v.integer()), name: v.string() })),
    v.description('Every county that has a case, by name: the values the county filter takes'),
  ),
});

export const StaffCase = v.object({
  ...StaffCaseFields,
  statement: v.string(),
  match: v.object({
    guarded: v.pipe(v.string(), v.description('The guarded item the document hit')),
    matchKind: v.picklist(['apn', 'address', 'name']),
    matchedValue: v.string(),
    partyRole: v.nullable(v.picklist(['grantor', 'grantee'])),
  }),
  packetUrl: v.pipe(v.string(), v.description('Where staff download the case packet (this API)')),
  notes: v.array(
    v.object({
      id: v.string(),
      body: v.string(),
      authorEmail: v.nullable(v.string()),
      createdAt: Timestamp,
    }),
  ),
  history: v.pipe(
    v.array(
      v.object({
        id: v.string(),
        at: Timestamp,
        action: v.pipe(
          v.string(),
          v.description('case.open, case.status (details: from, to) or case.note (details: note)'),
        ),
        actorEmail: v.nullable(v.string()),
        impersonatorEmail: v.nullable(v.string()),
        details: v.record(v.string(), v.unknown()),
      }),
    ),
    v.description('Who changed what, oldest first: the audit entries of the case'),
  ),
});
export type StaffCase = v.InferOutput<typeof StaffCase>;

const Note = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(MAX_CASE_NOTE_LENGTH, `is at most ${MAX_CASE_NOTE_LENGTH} characters`),
  v.check((s) => !CONTROL_CHARACTER.test(s), 'must not contain control characters'),
);

export const CaseStatusBody = v.strictObject({
  status: CaseStatusSchema,
  note: v.optional(v.pipe(Note, v.description('A note written with the change'))),
});

export const CaseNoteBody = v.strictObject({
  note: v.pipe(Note, v.description('What staff want the case to remember')),
});
