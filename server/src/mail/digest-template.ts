import { documentTypeName, type Language } from '@deedwatch/rules';
import { type Translate, translator } from '../i18n/index.ts';
import { countyDate } from '../lib/county-time.ts';
import {
  countyInWords,
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
  /** The subscriber's language; English when not said. */
  language?: Language;
};

/** The item's lines, the first naming the document, the others what matched and why. */
function itemLines(item: DigestItem, t: Translate, language: Language): string[] {
  const shown = { guarded: item.guardedName, party: item.partyName };
  return [
    oneLine(
      t('mail.digest.item', {
        type: documentTypeName(item.documentType, language),
        number: item.documentNumber,
        date: countyDate(item.recordedAt, language),
        county: countyInWords(item.countyName, language),
      }),
    ),
    item.partyRole
      ? t('mail.digest.showsAs', { ...shown, role: roleLabel(item.partyRole, t) })
      : t('mail.digest.shows', shown),
    [
      tierInWords({ tier: 'possible', possibleBecause: item.possibleBecause }, t),
      sentence(oneLine(item.reason)),
      sentence(namesakesInWords(item.namesakes, t)),
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
  const language = input.language ?? 'en';
  const t = translator(language);
  const total = input.items.length + input.more;
  const intro = t('mail.digest.intro', { count: total });
  const more = input.more > 0 ? t('mail.digest.more', { count: input.more }) : '';
  const advice = t('mail.digest.advice');
  const choice = t('mail.digest.choice');
  const view = t('mail.digest.viewDocument');

  const text = textLayout(
    brand,
    [
      intro,
      '',
      ...input.items.flatMap((item, i) => [
        `${i + 1}. ${itemLines(item, t, language).join('\n   ')}`,
        `   ${view}: ${item.documentUrl}`,
        '',
      ]),
      ...(more ? [more, ''] : []),
      advice,
      '',
      choice,
      t('mail.digest.dashboardLink', { url: input.dashboardUrl }),
    ],
    language,
  );

  const html = layout(
    brand,
    t('mail.digest.heading', { count: total }),
    [
      escapeHtml(intro),
      ...input.items.map((item) => {
        const [first, ...rest] = itemLines(item, t, language);
        return `<strong>${escapeHtml(first!)}</strong><br>${rest.map(escapeHtml).join('<br>')}<br>${link(item.documentUrl, view)}`;
      }),
      ...(more ? [escapeHtml(more)] : []),
      escapeHtml(advice),
      escapeHtml(choice),
    ],
    { label: t('mail.digest.button'), url: input.dashboardUrl },
    language,
  );

  return {
    subject: t('mail.digest.subject', { count: total }),
    tag: 'digest',
    text,
    html,
  };
}
