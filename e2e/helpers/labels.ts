import type { Language } from '../../rules/src/language.ts';
import { en } from '../../web/src/i18n/en/index.ts';
import { es } from '../../web/src/i18n/es/index.ts';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
}

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * What the site shows in `language` for a text it shows in English, as i18next does it: the
 * English catalog entry that gives this text (placeholders and all), then the same key of the
 * language's catalog with the same values. A text of no catalog entry, or one not translated
 * yet, is shown in English, i18next's fallback, and so is returned as it is.
 */
export function shown(language: Language, english: string): string {
  if (language === 'en') return english;
  // An entry that is the whole text wins over one that matches it through a placeholder
  // ('Guard A Name' is its own entry, not 'Guard {{item}}' with item 'A Name').
  const all = entries(en as Tree);
  const ordered = [
    ...all.filter(([, template]) => !template.includes('{{')),
    ...all.filter(([, template]) => template.includes('{{')),
  ];
  for (const [key, template] of ordered) {
    const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    const pattern = new RegExp(
      `^${template
        .split(PLACEHOLDER)
        .map((part, i) => (i % 2 === 1 ? '(.+?)' : escape(part)))
        .join('')}$`,
    );
    const match = pattern.exec(english);
    if (!match) continue;
    const translated = lookup(es as Tree, key);
    if (translated === undefined) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
    return translated.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
  }
  return english;
}
