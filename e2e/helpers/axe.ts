import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 rules of levels A and AA: what the site is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** Impacts that fail a check; 'minor' and 'moderate' findings are not reported. */
const FAILING = new Set(['serious', 'critical']);

/** One rule broken on a page, as axe-core reports it, with the elements that break it. */
export type Violation = {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; summary: string }[];
};

let axeSource: string | undefined;
/** axe-core's own build, read once from node_modules. */
function source(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Runs axe-core on the page as it is now (open dialogs included) and returns the serious and
 * critical violations of the WCAG 2.1 A and AA rules. axe is injected into the page at the first
 * call after each navigation.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate<boolean>("typeof window.axe !== 'undefined'"))) {
    await page.addScriptTag({ content: source() });
  }
  const options = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };
  // A string, because this file is type-checked without the DOM library. Only plain data comes
  // back: the rule, its impact and help, and each element's selector and what is wrong with it.
  const violations = await page.evaluate<Violation[]>(`
    window.axe.run(document, ${JSON.stringify(options)}).then((results) =>
      results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({
          target: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))),
          html: n.html.length > 160 ? n.html.slice(0, 160) + '…' : n.html,
          summary: n.failureSummary ?? '',
        })),
      })),
    )
  `);
  return violations.filter((v) => v.impact !== null && FAILING.has(v.impact));
}

/** A readable list: one block per rule, one line per element. */
export function formatViolations(label: string, violations: readonly Violation[]): string {
  if (violations.length === 0) return '';
  const blocks = violations.map((v) => {
    const nodes = v.nodes.map((n) => {
      const why = n.summary.replace(/\s+/g, ' ').trim();
      return `    - ${n.target.join(' ')}\n      ${n.html}${why ? `\n      ${why}` : ''}`;
    });
    return `  ${v.id} (${v.impact}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}): ${v.help}\n    ${v.helpUrl}\n${nodes.join('\n')}`;
  });
  return `${label}:\n${blocks.join('\n')}`;
}

/**
 * Waits for the page to be still: no request in flight for a moment and no transition or
 * animation running (a dialog fading in is measured at its final colours, not half-way).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    "document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)",
  );
}

/** Fails with the readable list when the page has a serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await settled(page);
  const report = formatViolations(label, await seriousViolations(page));
  if (report) throw new Error(`axe-core found accessibility violations on ${report}`);
}

/**
 * The options of a browser context in which axe can be injected: the site's Content Security
 * Policy allows no inline script, and axe-core goes in as one.
 */
export const AXE_CONTEXT = { bypassCSP: true } as const;
