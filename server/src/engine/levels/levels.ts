import {
  documentTypeName,
  type Language,
  LEVEL_LABELS,
  type Level,
  type LevelSubject,
  levelDocumentType,
} from '@deedwatch/rules';
import type { reasons } from '../../i18n/en/reasons.ts';
import { translator } from '../../i18n/index.ts';
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

/** The county as a sentence names it: "Sacramento County"; in Spanish "condado de Sacramento". */
export function countyInWords(name: string, language: Language = 'en'): string {
  const trimmed = name.trim();
  // "Yolo County" is the county of Yolo: the name without its last word.
  if (language === 'es')
    return `condado de ${/\bcounty$/i.test(trimmed) ? trimmed.slice(0, -6).trimEnd() : trimmed}`;
  return /\bcounty$/i.test(trimmed) ? trimmed : `${trimmed} County`;
}

/** A level's label in words ("Act now"), each level to its whole catalog key. */
const LEVEL_KEY = {
  act_now: 'reasons.levels.actNow',
  check: 'reasons.levels.check',
  records: 'reasons.levels.records',
} as const satisfies Record<Level, string>;

export function levelLabel(level: Level, language: Language = 'en'): string {
  return translator(language)(LEVEL_KEY[level]);
}

type Sentence = `reasons.what.${keyof typeof reasons.what}`;

/** A kind whose sentence is the same for any name, and another for the property. */
const BY_NAME_OR_PROPERTY: Partial<Record<DocumentKind, [Sentence, Sentence]>> = {
  default: ['reasons.what.defaultName', 'reasons.what.defaultProperty'],
  sale: ['reasons.what.saleName', 'reasons.what.saleProperty'],
  lawsuit: ['reasons.what.lawsuitName', 'reasons.what.lawsuitProperty'],
  lien: ['reasons.what.lienName', 'reasons.what.lienProperty'],
  judgment: ['reasons.what.judgmentName', 'reasons.what.judgmentProperty'],
  death: ['reasons.what.deathName', 'reasons.what.deathProperty'],
  reconveyance: ['reasons.what.reconveyanceName', 'reasons.what.reconveyanceProperty'],
  release: ['reasons.what.releaseName', 'reasons.what.releaseProperty'],
  assignment: ['reasons.what.assignmentName', 'reasons.what.assignmentProperty'],
  substitution: ['reasons.what.substitutionName', 'reasons.what.substitutionProperty'],
  easement: ['reasons.what.easementName', 'reasons.what.easementProperty'],
};

/**
 * What the document does to the subscriber, in one plain sentence that ends with where and when
 * it was recorded: "A deed transferring 123 MAIN ST from you was recorded in Sacramento County on
 * 11/24/2026." It reads the document type for what it does (a type it does not know is named as
 * it is) and the subject for whom it does it to; in the subscriber's language.
 */
export function whatItDoes(input: WhatItDoesInput, language: Language = 'en'): string {
  const t = translator(language);
  const onName = input.subject !== 'property';
  const values = {
    county: countyInWords(input.countyName, language),
    date: countyDate(input.recordedAt, language),
    property:
      input.property ?? (onName ? t('reasons.what.aProperty') : t('reasons.what.yourProperty')),
  };
  const kind = documentKind(input.documentType);
  const pair = BY_NAME_OR_PROPERTY[kind];
  if (pair) return t(onName ? pair[0] : pair[1], values);
  switch (kind) {
    case 'conveyance':
      return input.subject === 'grantor'
        ? t('reasons.what.conveyanceFrom', values)
        : input.subject === 'grantee'
          ? t('reasons.what.conveyanceTo', values)
          : t('reasons.what.conveyance', values);
    case 'loan':
      return input.subject === 'grantor'
        ? t('reasons.what.loanBorrower', values)
        : input.subject === 'grantee'
          ? t('reasons.what.loanLender', values)
          : t('reasons.what.loan', values);
    default: {
      const other = { ...values, ...typeInSentence(input.documentType, language) };
      return input.subject === 'grantor'
        ? t('reasons.what.otherGrantor', other)
        : input.subject === 'grantee'
          ? t('reasons.what.otherGrantee', other)
          : t('reasons.what.otherProperty', other);
    }
  }
}

/**
 * A document type as a sentence names it, with its article: English makes it a noun of the
 * sentence ("An agreement naming you"), in lower case; Spanish quotes it («…»): a known type
 * in Spanish, any other as the county wrote it.
 */
function typeInSentence(documentType: string, language: Language) {
  const t = translator(language);
  const named =
    language === 'en'
      ? levelDocumentType(documentType).toLowerCase()
      : documentTypeName(documentType, language).trim();
  const type = named || t('reasons.what.document');
  const article = /^[AEIOU]/i.test(type) ? t('reasons.what.articleAn') : t('reasons.what.articleA');
  return { type, article };
}

/**
 * What was recorded, said to someone who is not the subscriber (a trusted contact), so with no
 * "you": the document's type, then the guarded name it names and as what, or the property it
 * affects, and where and when it was recorded: "A grant deed naming JANE ROE as grantor was
 * recorded in Sacramento County on 11/24/2026."
 */
export function whatWasRecorded(
  input: WhatItDoesInput & { name: string | null },
  language: Language = 'en',
): string {
  const t = translator(language);
  const values = {
    county: countyInWords(input.countyName, language),
    date: countyDate(input.recordedAt, language),
    property: input.property ?? t('reasons.what.aProperty'),
    name: input.name ?? '',
    ...typeInSentence(input.documentType, language),
  };
  if (input.name === null || input.subject === 'property') {
    return t('reasons.what.otherProperty', values);
  }
  return input.subject === 'grantor'
    ? t('reasons.what.copyGrantor', values)
    : t('reasons.what.copyGrantee', values);
}

/** "Act now: A deed transferring … on 11/24/2026" — a subject or heading, the level first. */
export function levelHeadline(
  level: Level,
  sentence: string,
  possible = false,
  language: Language = 'en',
): string {
  const t = translator(language);
  const label = possible
    ? t('reasons.headline.possible', { level: levelLabel(level, language) })
    : levelLabel(level, language);
  // What the document does, without the explanation some sentences give after a colon.
  const colon = sentence.indexOf(': ');
  const main = (colon >= 0 ? sentence.slice(0, colon) : sentence).trim().replace(/\.$/, '');
  return t('reasons.headline.line', { level: label, what: main });
}
