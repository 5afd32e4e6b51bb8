import type { Language } from '@deedwatch/rules';
import { errors } from './en/errors.ts';
import { stored } from './en/stored.ts';
import { translator } from './index.ts';

type KeysOf<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}.${K}` : KeysOf<T[K], `${Prefix}.${K}`>;
}[keyof T & string];

/** A reason our code stores: a key of the `stored` catalog ('stored.sms.unreachable'). */
export type StoredKey = KeysOf<typeof stored, 'stored'>;

type Values = Record<string, string | number>;
type Say = (key: string, values?: Values) => string;
const say = (language: Language) => translator(language) as unknown as Say;

/**
 * A reason as it is stored: always the English sentence, which staff screens and logs show as
 * it is. Whoever shows it to a subscriber re-says it in their language (resayStored).
 */
export function storedReason(key: StoredKey, values?: Values): string {
  return say('en')(key, values);
}

/**
 * What a placeholder of a stored sentence may hold, as a capture that matches in linear time:
 * a number, a run of non-spaces (followed in the sentence by a space or a comma), one of the
 * catalog's phrases for an address no webhook may go to (re-said from the catalog), or — last in
 * its sentence only — the rest of the text, itself re-said when it is one of our sentences.
 */
const SLOTS: Record<string, string> = {
  code: '(\\d{1,10})',
  seconds: '(\\d{1,6}(?:\\.\\d{1,3})?)',
  attachment: '(\\S{1,300})',
  host: '(\\S{1,300})',
  address: '(\\S{1,100})',
  // One of the phrases of errors.webhookAddress, re-said from the catalog (WHY_KEYS).
  why: `(${Object.values(errors.webhookAddress)
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})`,
  error: '([\\s\\S]*)',
};
const NESTED = 'error';

/** The catalog key of each phrase a `why` slot holds, by its English. */
const WHY_KEYS = new Map(
  Object.entries(errors.webhookAddress).map(([kind, phrase]) => [
    phrase,
    `errors.webhookAddress.${kind}`,
  ]),
);

/** Longer stored texts are not ours (or not only ours) and are never matched. */
export const MAX_RESAID_LENGTH = 600;

type Sentence = { key: StoredKey; pattern: RegExp; names: string[] };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English stored sentence as an anchored pattern whose captures are its placeholders. */
function compile(key: string, template: string): Sentence {
  const parts = template.split(/\{\{(\w+)\}\}/);
  const names: string[] = [];
  let source = '^';
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      source += escapeRegExp(part);
      return;
    }
    const slot = SLOTS[part];
    if (!slot) throw new Error(`${key}: no stored-text slot for {{${part}}}`);
    if (part === NESTED && (i !== parts.length - 2 || parts[i + 1] !== '')) {
      throw new Error(`${key}: {{${part}}} must end its sentence`);
    }
    names.push(part);
    source += slot;
  });
  return { key: key as StoredKey, pattern: new RegExp(`${source}$`), names };
}

function sentencesOf(tree: object, prefix: string): Sentence[] {
  return Object.entries(tree).flatMap(([name, value]: [string, unknown]) =>
    typeof value === 'string'
      ? [compile(`${prefix}.${name}`, value)]
      : sentencesOf(value as object, `${prefix}.${name}`),
  );
}

const SENTENCES: Sentence[] = sentencesOf(stored, 'stored');

/** The pattern of each stored sentence, by its key (for the ReDoS check of the tests). */
export const STORED_PATTERNS: readonly (readonly [StoredKey, RegExp])[] = SENTENCES.map(
  ({ key, pattern }) => [key, pattern] as const,
);

/**
 * A stored reason as `language` says it: when the text is exactly one of the English sentences
 * of the `stored` catalog, that entry in `language` with the same values (a nested reason
 * re-said in turn); any other text — a provider's own words, a technical error, a text too long
 * to be ours — is returned unchanged, as is everything for an English reader.
 */
export function resayStored(text: string, language: Language): string {
  if (language === 'en' || text.length > MAX_RESAID_LENGTH) return text;
  for (const { key, pattern, names } of SENTENCES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Values = {};
    names.forEach((name, i) => {
      const value = match[i + 1]!;
      const why = name === 'why' ? WHY_KEYS.get(value) : undefined;
      values[name] =
        name === NESTED ? resayStored(value, language) : why ? say(language)(why) : value;
    });
    return say(language)(key, values);
  }
  return text;
}

/** resayStored for a column that may be empty. */
export const resayStoredOrNull = (text: string | null, language: Language): string | null =>
  text === null ? null : resayStored(text, language);
