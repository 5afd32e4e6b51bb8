import { countyDate } from '../lib/county-time.ts';
import {
  countyLabel,
  link,
  namesakesInWords,
  oneLine,
  roleLabel,
  sentence,
  tierInWords,
} from './alert-template.ts';
import { type Brand, escapeHtml, layout, type RenderedMail, textLayout } from './templates.ts';

/** One possible match in the morning digest. */
export type DigestItem = {
  documentNumber: string;
  documentType: string;
  recordedAt: Date;
  countyName: string;
  /** The name as the subscriber guards it. */
  guardedName: string;
  /** The name on the document that matched it. */
  partyName: string;
  partyRole: 'grantor' | 'grantee' | null;
  /** Why the matcher counted it, written for the subscriber. */
  reason: string;
  /** Why it may be somebody else ("a common name"). */
  possibleBecause: string;
  namesakes: number | null;
  documentUrl: string;
};

export type DigestMailInput = {
  items: DigestItem[];
  /** Possible matches of the digest beyond those listed: the dashboard has them all. */
  more: number;
  dashboardUrl: string;
};

const count = (n: number) => (n === 1 ? '1 possible match' : `${n} possible matches`);

/** The item's lines, the first naming the document, the others what matched and why. */
function itemLines(item: DigestItem): string[] {
  const county = countyLabel(item.countyName);
  const role = item.partyRole ? ` as ${roleLabel(item.partyRole)}` : '';
  return [
    oneLine(
      `${item.documentType}, document ${item.documentNumber}, recorded ${countyDate(item.recordedAt)} in ${county}`,
    ),
    `Your guarded name ${item.guardedName}; the document shows ${item.partyName}${role}.`,
    [
      tierInWords({ tier: 'possible', possibleBecause: item.possibleBecause }),
      sentence(oneLine(item.reason)),
      sentence(namesakesInWords(item.namesakes)),
    ]
      .filter(Boolean)
      .join(' '),
  ];
}

/**
 * The morning digest: the subscriber's possible matches not mailed yet, in one email. Each is a
 * document naming someone who may be the subscriber or a namesake; the mail asks them to check,
 * and tells where to dismiss them or choose how such matches reach them.
 */
export function digestMail(brand: Brand, input: DigestMailInput): RenderedMail {
  const total = input.items.length + input.more;
  const intro = `DeedWatch found ${count(total)} for the names you guard: ${
    total === 1 ? 'a document' : 'documents'
  } recorded naming someone who may be you. A possible match may well be somebody else with the same or a similar name, so no alert was sent for it; please check whether it is you.`;
  const more =
    input.more > 0 ? `And ${count(input.more)} more: see them all on your dashboard.` : '';
  const advice =
    'If one of them is you and you did not expect the document, it may be fraud: contact the county recorder, or call DeedWatch support.';
  const choice =
    'On your dashboard you can dismiss a possible match, and choose for each guarded name whether its possible matches come in this morning email, as alerts at once, or not at all.';

  const text = textLayout(brand, [
    intro,
    '',
    ...input.items.flatMap((item, i) => [
      `${i + 1}. ${itemLines(item).join('\n   ')}`,
      `   View the document: ${item.documentUrl}`,
      '',
    ]),
    ...(more ? [more, ''] : []),
    advice,
    '',
    choice,
    `Your dashboard: ${input.dashboardUrl}`,
  ]);

  const html = layout(
    brand,
    `${count(total)} to check`,
    [
      escapeHtml(intro),
      ...input.items.map((item) => {
        const [first, ...rest] = itemLines(item);
        return `<strong>${escapeHtml(first!)}</strong><br>${rest.map(escapeHtml).join('<br>')}<br>${link(item.documentUrl, 'View the document')}`;
      }),
      ...(more ? [escapeHtml(more)] : []),
      escapeHtml(advice),
      escapeHtml(choice),
    ],
    { label: 'Open my dashboard', url: input.dashboardUrl },
  );

  return {
    subject: `DeedWatch: ${count(total)} to check`,
    tag: 'digest',
    text,
    html,
  };
}
