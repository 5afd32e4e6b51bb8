import type { Page } from 'playwright-core';
import { en as serverEn } from '../../server/src/i18n/en/index.ts';
import { es as serverEs } from '../../server/src/i18n/es/index.ts';
import { en as webEn } from '../../web/src/i18n/en/index.ts';
import { es as webEs } from '../../web/src/i18n/es/index.ts';

/**
 * Finds English left on a page shown in Spanish, by the catalogs rather than by eye: every entry
 * of the English catalogs (the web's, and the server's, whose words the dashboard shows) whose
 * Spanish entry differs is a sentence that must not be on the page. An entry with
 * {{placeholders}} is matched as a pattern, each placeholder standing for any text.
 */
type Tree = { [key: string]: string | Tree };

function pairs(en: Tree, es: Tree, prefix = ''): [key: string, en: string, es: string][] {
  return Object.entries(en).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const other = es[key];
    if (typeof value === 'string') return typeof other === 'string' ? [[path, value, other]] : [];
    return typeof other === 'object' ? pairs(value, other, path) : [];
  });
}

type Entry = { key: string; text: string; pattern: RegExp };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English entries a Spanish page must not show: those with words of their own to translate. */
export function englishEntries(): Entry[] {
  return [...pairs(webEn, webEs), ...pairs(serverEn, serverEs)]
    .filter(([, en, es]) => en !== es)
    .map(([key, en]) => ({
      key,
      text: en,
      // Text outside placeholders, split on them; an entry that is nearly all placeholder
      // ("{{count}} ×") would match any text, so it needs 4 letters of its own.
      literal: en.replace(/\{\{[^}]{0,40}\}\}/g, ''),
    }))
    .filter(({ literal }) => (literal.match(/\p{L}/gu)?.length ?? 0) >= 4)
    .map(({ key, text }) => ({
      key,
      text,
      pattern: new RegExp(
        `^${text
          .split(/\{\{[^}]{0,40}\}\}/)
          .map(escapeRegExp)
          .join('[^\\n]{1,200}?')}$`,
        'u',
      ),
    }));
}

/**
 * The page's words as a reader meets them: each visible element's whole text (up to 600
 * characters), each text node, and the accessible names and hints in attributes.
 */
async function wordsOn(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const found = new Set();
    const add = (s) => {
      const text = s?.replace(/\\s+/g, ' ').trim();
      if (text && text.length <= 600) found.add(text);
    };
    const hidden = '[hidden], [aria-hidden="true"], script, style, noscript, template';
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest(hidden)) continue;
      add(el.innerText ?? el.textContent);
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        add(el.getAttribute(attribute));
      }
      for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) add(node.textContent);
    }
    add(document.title);
    return [...found];
  })()`);
}

/** The English entries the page shows, each with the text that showed it. */
export async function englishLeft(page: Page, entries = englishEntries()) {
  const words = await wordsOn(page);
  const left: { key: string; english: string; onPage: string }[] = [];
  for (const entry of entries) {
    const onPage = words.find((w) => w === entry.text || entry.pattern.test(w));
    if (onPage !== undefined) left.push({ key: entry.key, english: entry.text, onPage });
  }
  return left;
}
