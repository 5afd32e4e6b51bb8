/**
 * The catalog check: every language has exactly the keys of the English catalog, and every key
 * is used by the code. TypeScript already refuses a translation with a missing or extra key
 * (each is typed as the English catalog's shape); this check says the same in words, and adds
 * what the compiler cannot see: keys that no code uses any more.
 *
 * A key counts as used when the code holds it as a string literal ('dashboard.alerts.title'),
 * or holds its plural base (a count picks 'x_one' or 'x_other' from t('x', { count })). Keys are
 * therefore always written out whole in the code, never assembled from pieces.
 */

export type CatalogTree = { [key: string]: string | CatalogTree };

/** i18next's plural suffixes, as Intl.PluralRules names the categories. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** 'a.b.c' for every string leaf. */
export function flattenKeys(tree: CatalogTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : flattenKeys(value, path);
  });
}

/** Literal strings that could be keys: quoted runs of letters, digits, dots and underscores. */
const LITERAL = /(['"`])([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)\1/g;

/** Every dotted string literal in `source` (one linear pass over it). */
export function literalsIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const match of source.matchAll(LITERAL)) found.add(match[2]!);
  return found;
}

export type CatalogProblems = {
  /** Keys of English that a language lacks, by language. */
  missing: Record<string, string[]>;
  /** Keys a language has that English does not, by language. */
  extra: Record<string, string[]>;
  /** English keys no source uses. */
  unused: string[];
};

export function checkCatalogs(
  catalogs: Record<string, CatalogTree> & { en: CatalogTree },
  sources: Iterable<string>,
): CatalogProblems {
  const english = flattenKeys(catalogs.en);
  const englishSet = new Set(english);
  const missing: Record<string, string[]> = {};
  const extra: Record<string, string[]> = {};
  for (const [language, tree] of Object.entries(catalogs)) {
    if (language === 'en') continue;
    const keys = new Set(flattenKeys(tree));
    const lacks = english.filter((k) => !keys.has(k));
    const adds = [...keys].filter((k) => !englishSet.has(k));
    if (lacks.length > 0) missing[language] = lacks;
    if (adds.length > 0) extra[language] = adds;
  }

  const used = new Set<string>();
  for (const source of sources) for (const literal of literalsIn(source)) used.add(literal);
  const unused = english.filter((k) => !used.has(k) && !used.has(k.replace(PLURAL_SUFFIX, '')));
  return { missing, extra, unused };
}

export function hasProblems(p: CatalogProblems): boolean {
  return (
    Object.keys(p.missing).length > 0 || Object.keys(p.extra).length > 0 || p.unused.length > 0
  );
}

export function describeProblems(name: string, p: CatalogProblems): string[] {
  const lines: string[] = [];
  for (const [language, keys] of Object.entries(p.missing)) {
    lines.push(`${name}: the ${language} catalog lacks ${keys.length} key(s): ${keys.join(', ')}`);
  }
  for (const [language, keys] of Object.entries(p.extra)) {
    lines.push(
      `${name}: the ${language} catalog has ${keys.length} key(s) English does not: ${keys.join(', ')}`,
    );
  }
  if (p.unused.length > 0) {
    lines.push(`${name}: ${p.unused.length} key(s) no code uses: ${p.unused.join(', ')}`);
  }
  return lines;
}
