import { LEVEL_LABELS, type Level, type LevelSubject, levelDocumentType } from '@deedwatch/rules';
import { countyDate } from '../../lib/county-time.ts';

export { LEVEL_LABELS, type Level, type LevelSubject };

/** Whom an event is about, as the level tables say it (the database's level_subject()). */
export function levelSubject(matchKind: string, partyRole: string | null): LevelSubject {
  if (matchKind === 'apn' || matchKind === 'address') return 'property';
  return partyRole === 'grantor' ? 'grantor' : 'grantee';
}

/** What kind of thing a document does, read from its type for the sentence that says it. */
type DocumentKind =
  | 'conveyance'
  | 'loan'
  | 'default'
  | 'sale'
  | 'lawsuit'
  | 'lien'
  | 'judgment'
  | 'death'
  | 'reconveyance'
  | 'release'
  | 'assignment'
  | 'substitution'
  | 'easement'
  | 'other';

/** The first rule whose words the type has decides; the order settles types that have several. */
const KIND_RULES: [RegExp, DocumentKind][] = [
  [/RECONVEYANCE/, 'reconveyance'],
  [/^(RELEASE|WITHDRAWAL|RESCISSION)\b|SATISFACTION/, 'release'],
  [/^ASSIGNMENT\b/, 'assignment'],
  [/^SUBSTITUTION OF TRUSTEE/, 'substitution'],
  [/NOTICE OF DEFAULT/, 'default'],
  [/TRUSTEES SALE|NOTICE OF SALE/, 'sale'],
  [/LIS PENDENS|PENDENCY OF ACTION/, 'lawsuit'],
  [/\bLIEN\b|DELINQUENT ASSESSMENT/, 'lien'],
  [/JUDGMENT/, 'judgment'],
  [/AFFIDAVIT OF DEATH/, 'death'],
  [/DEED OF TRUST|MORTGAGE/, 'loan'],
  [/EASEMENT/, 'easement'],
  [/\bDEED\b/, 'conveyance'],
];

function documentKind(documentType: string): DocumentKind {
  const type = levelDocumentType(documentType);
  return KIND_RULES.find(([pattern]) => pattern.test(type))?.[1] ?? 'other';
}

const article = (word: string) => (/^[AEIOU]/i.test(word) ? 'an' : 'a');

export type WhatItDoesInput = {
  documentType: string;
  subject: LevelSubject;
  /**
   * The property in words: the guarded property's address or APN for a property match, else the
   * document's first address or APN; null when the document names none.
   */
  property: string | null;
  countyName: string;
  recordedAt: Date;
};

/** "Sacramento" → "Sacramento County"; a name that already says County is kept. */
const countyLabel = (name: string) =>
  /\bcounty$/i.test(name.trim()) ? name.trim() : `${name.trim()} County`;

/**
 * What the document does to the subscriber, in one plain sentence that ends with where and when
 * it was recorded: "A deed transferring 123 MAIN ST from you was recorded in Sacramento County on
 * 11/24/2026." It reads the document type for what it does (a type it does not know is named as
 * it is) and the subject for whom it does it to.
 */
export function whatItDoes(input: WhatItDoesInput): string {
  const when = `was recorded in ${countyLabel(input.countyName)} on ${countyDate(input.recordedAt)}`;
  const onName = input.subject !== 'property';
  const property = input.property ?? (onName ? 'property' : 'your property');
  const you = onName ? 'naming you' : `affecting ${property}`;
  switch (documentKind(input.documentType)) {
    case 'conveyance':
      return input.subject === 'grantor'
        ? `A deed transferring ${property} from you ${when}.`
        : input.subject === 'grantee'
          ? `A deed transferring ${property} to you ${when}.`
          : `A deed transferring ${property} ${when}.`;
    case 'loan':
      return input.subject === 'grantor'
        ? `A loan secured by ${property}, naming you as the borrower, ${when}.`
        : input.subject === 'grantee'
          ? `A loan naming you as the lender ${when}.`
          : `A loan secured by ${property} ${when}.`;
    case 'default':
      return `A notice of default ${you} ${when}: a lender says a loan is behind and may foreclose.`;
    case 'sale':
      return `A notice of trustee's sale ${you} ${when}: a foreclosure sale has been set.`;
    case 'lawsuit':
      return `A notice of a lawsuit (lis pendens) ${you} ${when}.`;
    case 'lien':
      return onName ? `A lien naming you ${when}.` : `A lien against ${property} ${when}.`;
    case 'judgment':
      return `A judgment ${you} ${when}.`;
    case 'death':
      return `An affidavit of death ${you} ${when}: it can pass property held in joint tenancy.`;
    case 'reconveyance':
      return `A reconveyance ${you} ${when}: a loan has been paid off and released.`;
    case 'release':
      return `A release ${you} ${when}: a lien, loan or judgment has been paid or released.`;
    case 'assignment':
      return `An assignment of a loan ${you} ${when}: the loan has a new holder.`;
    case 'substitution':
      return `A substitution of trustee on a loan ${you} ${when}.`;
    case 'easement':
      return `An easement ${you} ${when}.`;
    case 'other': {
      const type = levelDocumentType(input.documentType).toLowerCase() || 'document';
      const role = input.subject === 'property' ? you : `naming you as ${input.subject}`;
      return `${article(type).replace(/^a/, 'A')} ${type} ${role} ${when}.`;
    }
  }
}

/** "Act now: A deed transferring … on 11/24/2026" — a subject or heading, the level first. */
export function levelHeadline(level: Level, sentence: string, possible = false): string {
  const label = possible ? `${LEVEL_LABELS[level]}, possible match` : LEVEL_LABELS[level];
  // What the document does, without the explanation some sentences give after a colon.
  const colon = sentence.indexOf(': ');
  const main = (colon >= 0 ? sentence.slice(0, colon) : sentence).trim().replace(/\.$/, '');
  return `${label}: ${main}`;
}
