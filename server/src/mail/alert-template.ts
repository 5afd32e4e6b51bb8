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
  /** Why the matcher counted it as a hit, written for the subscriber. */
  reason: string;
  /** For a possible match: why it may be somebody else ("a common name"). */
  possibleBecause?: string;
  /** For a name: the county's documents under it that the match cannot tell apart. */
  namesakes?: number | null;
};

export type AlertMailInput = {
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

const onlyPossible = (input: AlertMailInput) =>
  input.hits.length > 0 && input.hits.every((hit) => hit.tier === 'possible');

function subjectOf(input: AlertMailInput): string {
  const what = onlyPossible(input) ? 'DeedWatch possible match' : 'DeedWatch alert';
  return oneLine(`${what}: ${input.documentType} recorded in ${countyLabel(input.countyName)}`);
}

export function alertMail(brand: Brand, input: AlertMailInput): RenderedMail {
  const county = countyLabel(input.countyName);
  const recorded = countyDate(input.recordedAt);
  const intro = onlyPossible(input)
    ? `The ${county} Recorder recorded a document naming someone who may be you: a possible match of ${
        input.hits.length === 1 ? 'a name' : 'names'
      } you guard with DeedWatch. It may well be somebody else; please check it.`
    : `The ${county} Recorder recorded a document that affects ${
        input.hits.length === 1 ? 'an item' : 'items'
      } you guard with DeedWatch.`;
  const attachment = attachmentLine(input);
  const fraudIntro =
    'If you did not expect this document or did not authorise it, it may be fraud. You can:';
  const details: [string, string][] = [
    ['Document number', input.documentNumber],
    ['Document type', input.documentType],
    ['Recording date', recorded],
    ['County', county],
  ];

  const text = textLayout(brand, [
    intro,
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
    `- contact the ${county} Recorder: ${input.countyLinkUrl}`,
    `- call DeedWatch support at ${brand.supportPhone} (${SUPPORT_HOURS})`,
    `- email DeedWatch support at ${brand.supportEmail}`,
    '',
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
    'A document was recorded that affects you',
    [
      escapeHtml(intro),
      `<strong>What it matched</strong><br>${hitLines}`,
      `<strong>The document</strong><br>${detailLines}`,
      escapeHtml(attachment),
      `<strong>${escapeHtml(fraudIntro)}</strong><br>- contact the ${escapeHtml(county)} Recorder: ${link(input.countyLinkUrl)}<br>- call DeedWatch support at ${escapeHtml(brand.supportPhone)} (${SUPPORT_HOURS})<br>- email DeedWatch support at ${link(`mailto:${brand.supportEmail}`, brand.supportEmail)}`,
      `${link(input.documentUrl, 'View the document')} · ${link(input.dashboardUrl, 'Your alerts and guarded items')}`,
    ],
    { label: 'Open my dashboard', url: input.dashboardUrl },
  );

  return { subject: subjectOf(input), tag: 'alert', text, html };
}

/**
 * The TemplateModel for a county's own Postmark template. Values are raw: Postmark escapes
 * `{{ }}` itself, so escaping here would show up as `&amp;` in the mail.
 */
export function alertTemplateModel(brand: Brand, input: AlertMailInput): Record<string, unknown> {
  return {
    subject: subjectOf(input),
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
