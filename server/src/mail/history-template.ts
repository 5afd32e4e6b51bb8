import type { Language } from '@deedwatch/rules';
import { type Translate, translator } from '../i18n/index.ts';
import { countyInWords, oneLine } from './alert-template.ts';
import { type Brand, escapeHtml, layout, type RenderedMail, textLayout } from './templates.ts';

/** What the history check of one new guarded item found. */
export type HistoryFinding = {
  kind: 'name' | 'property';
  /** The item as the subscriber guards it: a name, or an APN with its address. */
  guarded: string;
  countyName: string;
  /** Documents recorded against it: exact and strong matches. */
  documents: number;
  /**
   * Possible matches: a similar name that may be somebody else, or a similar address that may be
   * another property (0 when the subscriber hides them).
   */
  possible: number;
};

export type HistoryMailInput = {
  /** Every item the check covered, in the order the subscriber added them. */
  findings: HistoryFinding[];
  /**
   * How many documents were found in all, each once: less than the findings' sum when a
   * document is on record against two of the items (a name and a property it names).
   */
  documents: number;
  /** The dashboard's "Already on Record" section. */
  onRecordUrl: string;
  /** The subscriber's language; English when not said. */
  language?: Language;
};

const en = translator('en');

/** One line per item: what was found against it, or that nothing was. */
export function findingLine(
  f: HistoryFinding,
  t: Translate = en,
  language: Language = 'en',
): string {
  const what = f.kind === 'name' ? f.guarded : t('mail.history.property', { guarded: f.guarded });
  const county = countyInWords(f.countyName, language);
  if (f.documents > 0) {
    const documents = t('mail.history.documents', { count: f.documents });
    return oneLine(
      f.possible > 0
        ? t(
            f.kind === 'name'
              ? 'mail.history.foundAndPossible'
              : 'mail.history.foundAndPossibleAddress',
            {
              documents,
              what,
              county,
              more: t('mail.history.moreDocuments', { count: f.possible }),
            },
          )
        : t('mail.history.found', { documents, what, county }),
    );
  }
  if (f.possible > 0)
    return oneLine(
      t(f.kind === 'name' ? 'mail.history.possibleOnly' : 'mail.history.possibleOnlyAddress', {
        documents: t('mail.history.documents', { count: f.possible }),
        what,
        county,
      }),
    );
  return oneLine(t('mail.history.nothing', { what, county }));
}

/**
 * The summary of a history check: what the county had already recorded against the items the
 * subscriber just started to guard. Those documents were recorded before the guard began, so
 * none was alerted; they wait on the dashboard under "Already on Record".
 */
export function historyMail(brand: Brand, input: HistoryMailInput): RenderedMail {
  const language = input.language ?? 'en';
  const t = translator(language);
  const intro = t('mail.history.intro', {
    documents: t('mail.history.documents', { count: input.documents }),
  });
  const lines = input.findings.map((f) => findingLine(f, t, language));
  const why = t('mail.history.why');
  const only = input.findings.filter((f) => f.documents + f.possible > 0);
  const subject =
    only.length === 1
      ? t('mail.history.subjectOne', {
          documents: t('mail.history.documents', {
            count: only[0]!.documents + only[0]!.possible,
          }),
          guarded: only[0]!.guarded,
        })
      : t('mail.history.subject', {
          documents: t('mail.history.documents', { count: input.documents }),
        });
  return {
    subject: oneLine(subject),
    tag: 'history',
    text: textLayout(
      brand,
      [
        intro,
        '',
        ...lines.map((line) => `- ${line}`),
        '',
        why,
        '',
        t('mail.history.link', { url: input.onRecordUrl }),
      ],
      language,
    ),
    html: layout(
      brand,
      t('mail.history.heading'),
      [
        escapeHtml(intro),
        lines.map((line) => `&bull; ${escapeHtml(line)}`).join('<br>'),
        escapeHtml(why),
      ],
      { label: t('mail.history.button'), url: input.onRecordUrl },
      language,
    ),
  };
}
