import { LEVEL_LABELS, type Level } from '@deedwatch/rules';
import { countyDate } from '../lib/county-time.ts';
import { type Brand, escapeHtml, layout, type RenderedMail, textLayout } from './templates.ts';

export type AlertHit = {
  matchKind: 'apn' | 'address' | 'name';
  /** The item as the subscriber guards it. */
  guarded: string;
  /** The value on the recorded document that matched it. */
  matchedValue: string;
  partyRole: 'grantor' | 'grantee' | null;
  /** How sure the match is (events.tier). */
  tier: 'exact' | 'strong' | 'possible';
  /** How urgently it asks the subscriber to act (events.level). */
  level: Level;
  /** Why the matcher counted it as a hit, written for the subscriber. */
  reason: string;
  /** For a possible match: why it may be somebody else ("a common name"). */
  possibleBecause?: string;
  /** For a name: the county's documents under it that the match cannot tell apart. */
  namesakes?: number | null;
};

/** Whom the county wants a suspected fraud reported to; '' for what it has not set. */
export type FraudContact = { name: string; phone: string; email: string; url: string };

export type AlertMailInput = {
  /** The most urgent level of the hits: the subject and the first line lead with it. */
  level: Level;
  /** What the document does, in one sentence (engine/levels whatItDoes). */
  whatItDoes: string;
  /** The subject and heading: the level, then what the document does (levelHeadline). */
  headline: string;
  /** The event on the dashboard, where "I recognise this" and "This wasn't me" are. */
  eventUrl: string;
  fraudContact: FraudContact | null;
  documentNumber: string;
  documentType: string;
  recordedAt: Date;
  countyName: string;
  countyLinkUrl: string;
  hits: AlertHit[];
  dashboardUrl: string;
  documentUrl: string;
  attachment: 'attached' | 'too-large' | 'unavailable';
};

const SUPPORT_HOURS = 'Monday to Friday 8AM-5PM PST';

/** "Sacramento" → "Sacramento County"; a name that already says County is kept. */
export function countyLabel(name: string): string {
  return /\bcounty$/i.test(name.trim()) ? name.trim() : `${name.trim()} County`;
}

// Recorder data can hold line breaks; a subject is one line.
export const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Ends with a full stop unless it ends a sentence already; '' stays ''. */
export const sentence = (s: string) => (s === '' || /[.!?]$/.test(s) ? s : `${s}.`);

const MATCH_KIND_LABEL: Record<AlertHit['matchKind'], string> = {
  apn: 'Property (APN)',
  address: 'Property address',
  name: 'Name',
};

export const ROLE_LABEL: Record<NonNullable<AlertHit['partyRole']>, string> = {
  grantor: 'grantor, the party giving or selling (a seller or borrower)',
  grantee: 'grantee, the party receiving (a buyer or lender)',
};

/** "312 documents in this county carry this name"; '' when there is no count to give. */
export function namesakesInWords(namesakes: number | null | undefined): string {
  if (namesakes === null || namesakes === undefined || namesakes <= 0) return '';
  return namesakes === 1
    ? '1 document in this county carries this name'
    : `${namesakes} documents in this county carry this name`;
}

/** How sure the match is, in words: a possible match asks the subscriber to check. */
export function tierInWords(hit: Pick<AlertHit, 'tier' | 'possibleBecause'>): string {
  switch (hit.tier) {
    case 'exact':
      return 'Exact match.';
    case 'strong':
      return 'A close match, not exact: please check it.';
    case 'possible':
      return `Possible match — ${hit.possibleBecause ?? 'a common name'}; check whether this is you.`;
  }
}

/** What the document shows for the guarded item, without the guarded item itself. */
function hitDetail(hit: AlertHit): string {
  const role = hit.partyRole ? ` as ${ROLE_LABEL[hit.partyRole]}` : '';
  const parts = [
    `${LEVEL_LABELS[hit.level]}.`,
    tierInWords(hit),
    sentence(oneLine(hit.reason)),
    hit.tier === 'possible' ? sentence(namesakesInWords(hit.namesakes)) : '',
  ];
  return `the document shows ${hit.matchedValue}${role}. ${parts.filter(Boolean).join(' ')}`;
}

function attachmentLine(input: AlertMailInput): string {
  switch (input.attachment) {
    case 'attached':
      return 'The first 2 pages of the document are attached to this email (the whole document if it is shorter).';
    case 'too-large':
      return 'The first pages of the document are too large to attach. Use the link below to view the document.';
    case 'unavailable':
      return 'A copy of the document is not available to attach. Use the link below, or look the document up by its number at the county recorder.';
  }
}

// Links come from county settings typed by staff: anything but http(s) or mailto is shown as
// text, never as a link a subscriber could click.
const isSafeUrl = (url: string) => /^(https?:\/\/|mailto:)/i.test(url.trim());

export function link(url: string, label = url): string {
  return isSafeUrl(url)
    ? `<a href="${escapeHtml(url)}" style="color:#910933">${escapeHtml(label)}</a>`
    : escapeHtml(url);
}

export const onlyPossible = (hits: readonly Pick<AlertHit, 'tier'>[]) =>
  hits.length > 0 && hits.every((hit) => hit.tier === 'possible');

/** The fraud contact as lines of text ('' parts left out); none when the county set nothing. */
export function fraudContactLines(contact: FraudContact | null): string[] {
  if (!contact) return [];
  const lines = [
    contact.name,
    contact.phone && `Phone: ${contact.phone}`,
    contact.email && `Email: ${contact.email}`,
    contact.url && `Web: ${contact.url}`,
  ].filter((line) => line !== '');
  return lines;
}

/** The fraud contact in HTML: the email and web page as links. */
export function fraudContactHtml(contact: FraudContact | null): string {
  if (!contact) return '';
  return [
    contact.name && escapeHtml(contact.name),
    contact.phone && `Phone: ${escapeHtml(contact.phone)}`,
    contact.email && `Email: ${link(`mailto:${contact.email}`, contact.email)}`,
    contact.url && `Web: ${link(contact.url)}`,
  ]
    .filter((line) => line !== '')
    .join('<br>');
}

export function alertMail(brand: Brand, input: AlertMailInput): RenderedMail {
  const county = countyLabel(input.countyName);
  const recorded = countyDate(input.recordedAt);
  const first = `${LEVEL_LABELS[input.level]}: ${input.whatItDoes}`;
  const intro = onlyPossible(input.hits)
    ? `The ${county} Recorder recorded a document naming someone who may be you: a possible match of ${
        input.hits.length === 1 ? 'a name' : 'names'
      } you guard with DeedWatch. It may well be somebody else; please check it.`
    : `The ${county} Recorder recorded a document that affects ${
        input.hits.length === 1 ? 'an item' : 'items'
      } you guard with DeedWatch.`;
  const attachment = attachmentLine(input);
  const fraudIntro =
    'If you did not expect this document or did not authorise it, it may be fraud. You can:';
  const respond =
    'Do you recognise it? Say so on your dashboard: "I recognise this" closes the alert; "This wasn\'t me" takes you through a short report and gives you a case packet for the county, the police and your title insurer.';
  const contact = fraudContactLines(input.fraudContact);
  const details: [string, string][] = [
    ['Document number', input.documentNumber],
    ['Document type', input.documentType],
    ['Recording date', recorded],
    ['County', county],
  ];

  const text = textLayout(brand, [
    first,
    '',
    intro,
    '',
    `${respond} ${input.eventUrl}`,
    '',
    'What it matched:',
    ...input.hits.map(
      (hit) => `- ${MATCH_KIND_LABEL[hit.matchKind]} ${hit.guarded}: ${hitDetail(hit)}`,
    ),
    '',
    'The document:',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    attachment,
    '',
    fraudIntro,
    '- say "This wasn\'t me" on your dashboard, for a case packet to take further',
    ...(contact.length > 0
      ? [`- report it to the county's fraud contact: ${contact.join(', ')}`]
      : []),
    `- contact the ${county} Recorder: ${input.countyLinkUrl}`,
    `- call DeedWatch support at ${brand.supportPhone} (${SUPPORT_HOURS})`,
    `- email DeedWatch support at ${brand.supportEmail}`,
    '',
    `Review this alert: ${input.eventUrl}`,
    `View the document: ${input.documentUrl}`,
    `Your alerts and guarded items: ${input.dashboardUrl}`,
  ]);

  // layout() wraps each entry in a <p>, so lists are lines within one, not <ul> or <table>.
  const hitLines = input.hits
    .map(
      (hit) =>
        `&bull; <strong>${escapeHtml(`${MATCH_KIND_LABEL[hit.matchKind]} ${hit.guarded}`)}</strong>: ${escapeHtml(hitDetail(hit))}`,
    )
    .join('<br>');
  const detailLines = details
    .map(([label, value]) => `${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong>`)
    .join('<br>');
  const html = layout(
    brand,
    input.headline,
    [
      `<strong>${escapeHtml(first)}</strong>`,
      escapeHtml(intro),
      `${escapeHtml(respond)} ${link(input.eventUrl, 'Review this alert')}`,
      `<strong>What it matched</strong><br>${hitLines}`,
      `<strong>The document</strong><br>${detailLines}`,
      escapeHtml(attachment),
      `<strong>${escapeHtml(fraudIntro)}</strong><br>- say "This wasn&#39;t me" on your dashboard, for a case packet to take further<br>${contact.length > 0 ? `- report it to the county&#39;s fraud contact:<br>${fraudContactHtml(input.fraudContact)}<br>` : ''}- contact the ${escapeHtml(county)} Recorder: ${link(input.countyLinkUrl)}<br>- call DeedWatch support at ${escapeHtml(brand.supportPhone)} (${SUPPORT_HOURS})<br>- email DeedWatch support at ${link(`mailto:${brand.supportEmail}`, brand.supportEmail)}`,
      `${link(input.documentUrl, 'View the document')} · ${link(input.dashboardUrl, 'Your alerts and guarded items')}`,
    ],
    { label: 'Review this alert', url: input.eventUrl },
  );

  return { subject: oneLine(input.headline), tag: 'alert', text, html };
}

/**
 * The TemplateModel for a county's own Postmark template. Values are raw: Postmark escapes
 * `{{ }}` itself, so escaping here would show up as `&amp;` in the mail.
 */
export function alertTemplateModel(brand: Brand, input: AlertMailInput): Record<string, unknown> {
  return {
    subject: oneLine(input.headline),
    level: input.level,
    levelLabel: LEVEL_LABELS[input.level],
    actNow: input.level === 'act_now',
    whatItDoes: input.whatItDoes,
    eventUrl: input.eventUrl,
    fraudContact: input.fraudContact
      ? { ...input.fraudContact, lines: fraudContactLines(input.fraudContact) }
      : null,
    productName: 'DeedWatch',
    appUrl: brand.appUrl,
    documentNumber: input.documentNumber,
    documentType: input.documentType,
    recordingDate: countyDate(input.recordedAt),
    countyName: input.countyName,
    county: countyLabel(input.countyName),
    countyLinkUrl: input.countyLinkUrl,
    // The model's names are what the counties' own templates refer to: they stay as they are.
    hits: input.hits.map((hit) => ({
      kind: hit.matchKind,
      kindLabel: MATCH_KIND_LABEL[hit.matchKind],
      guarded: hit.guarded,
      matchedValue: hit.matchedValue,
      partyRole: hit.partyRole,
      exact: hit.tier === 'exact',
      tier: hit.tier,
      tierLabel: tierInWords(hit),
      level: hit.level,
      levelLabel: LEVEL_LABELS[hit.level],
      possible: hit.tier === 'possible',
      namesakes: hit.namesakes ?? null,
      reason: hit.reason,
      summary: `${MATCH_KIND_LABEL[hit.matchKind]} ${hit.guarded}: ${hitDetail(hit)}`,
    })),
    // One boolean per case: Postmark's Mustachio has sections, not comparisons.
    attachment: {
      status: input.attachment,
      attached: input.attachment === 'attached',
      tooLarge: input.attachment === 'too-large',
      unavailable: input.attachment === 'unavailable',
      message: attachmentLine(input),
    },
    dashboardUrl: input.dashboardUrl,
    documentUrl: input.documentUrl,
    supportPhone: brand.supportPhone,
    supportEmail: brand.supportEmail,
    supportHours: SUPPORT_HOURS,
  };
}
