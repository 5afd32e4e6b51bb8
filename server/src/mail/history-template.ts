import { countyLabel, oneLine } from './alert-template.ts';
import { type Brand, escapeHtml, layout, type RenderedMail, textLayout } from './templates.ts';

/** What the history check of one new guarded item found. */
export type HistoryFinding = {
  kind: 'name' | 'property';
  /** The item as the subscriber guards it: a name, or an APN with its address. */
  guarded: string;
  countyName: string;
  /** Documents recorded against it: exact and strong matches. */
  documents: number;
  /** Possible matches: a similar name that may be somebody else (0 when the subscriber hides them). */
  possible: number;
};

export type HistoryMailInput = {
  /** Every item the check covered, in the order the subscriber added them. */
  findings: HistoryFinding[];
  /** The dashboard's "Already on Record" section. */
  onRecordUrl: string;
};

const documents = (n: number) => (n === 1 ? '1 document' : `${n} documents`);

/** One line per item: what was found against it, or that nothing was. */
export function findingLine(f: HistoryFinding): string {
  const what = f.kind === 'name' ? f.guarded : `the property ${f.guarded}`;
  const county = countyLabel(f.countyName);
  if (f.documents > 0) {
    const possible =
      f.possible > 0
        ? `, and ${f.possible === 1 ? '1 more document' : `${f.possible} more documents`} naming someone with a similar name who may be somebody else`
        : '';
    return oneLine(
      `We found ${documents(f.documents)} already recorded against ${what} in ${county}${possible}.`,
    );
  }
  if (f.possible > 0)
    return oneLine(
      `We found ${documents(f.possible)} already recorded in ${county} naming someone with a name like ${what}, who may be somebody else.`,
    );
  return oneLine(`${what} in ${county}: nothing on record in the last ten years.`);
}

/**
 * The summary of a history check: what the county had already recorded against the items the
 * subscriber just started to guard. Those documents were recorded before the guard began, so
 * none was alerted; they wait on the dashboard under "Already on Record".
 */
export function historyMail(brand: Brand, input: HistoryMailInput): RenderedMail {
  const found = input.findings.reduce((n, f) => n + f.documents + f.possible, 0);
  const intro = `When you start guarding a name or a property, DeedWatch looks through what the county recorder has recorded in the ten years before. For what you just added, we found ${documents(found)}.`;
  const lines = input.findings.map(findingLine);
  const why =
    'These documents were recorded before you began guarding, so we did not send an alert for each one. Please look at them on your dashboard under "Already on Record": a document you do not recognise, such as a deed or a loan you did not sign, may be a sign of fraud. Contact the county recorder or DeedWatch support if one worries you.';
  const only = input.findings.filter((f) => f.documents + f.possible > 0);
  const subject =
    only.length === 1
      ? `DeedWatch: ${documents(only[0]!.documents + only[0]!.possible)} already on record for ${only[0]!.guarded}`
      : `DeedWatch: ${documents(found)} already on record for what you guard`;
  return {
    subject: oneLine(subject),
    tag: 'history',
    text: textLayout(brand, [
      intro,
      '',
      ...lines.map((line) => `- ${line}`),
      '',
      why,
      '',
      `Already on record: ${input.onRecordUrl}`,
    ]),
    html: layout(
      brand,
      'Already on record',
      [
        escapeHtml(intro),
        lines.map((line) => `&bull; ${escapeHtml(line)}`).join('<br>'),
        escapeHtml(why),
      ],
      { label: 'See what is on record', url: input.onRecordUrl },
    ),
  };
}
