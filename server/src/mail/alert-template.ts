import { documentTypeName, type Language, type Level } from '@deedwatch/rules';
import { type Translate, translator } from '../i18n/index.ts';
import { countyDate } from '../lib/county-time.ts';
import { type Brand, escapeHtml, layout, type RenderedMail, textLayout } from './templates.ts';

/** English: what the helpers say when no language is given. */
const en = translator('en');

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
  /** The subscriber's language; English when not said. */
  language?: Language;
};

/** "Sacramento" → "Sacramento County"; a name that already says County is kept. */
export function countyLabel(name: string): string {
  return /\bcounty$/i.test(name.trim()) ? name.trim() : `${name.trim()} County`;
}

/** The county's own name, without "County". */
function countyName(name: string): string {
  const trimmed = name.trim();
  return /\bcounty$/i.test(trimmed) ? trimmed.slice(0, -6).trimEnd() : trimmed;
}

/** The county as a sentence names it: "Sacramento County", in Spanish "condado de Sacramento". */
export function countyInWords(name: string, language: Language = 'en'): string {
  return language === 'es' ? `condado de ${countyName(name)}` : countyLabel(name);
}

/** Element text needs only &, < and > escaped: quotes are written as they are. */
const escapeText = (s: string) => escapeHtml(s).replace(/&quot;/g, '"');

// Recorder data can hold line breaks; a subject is one line.
export const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Ends with a full stop unless it ends a sentence already; '' stays ''. */
export const sentence = (s: string) => (s === '' || /[.!?]$/.test(s) ? s : `${s}.`);

const MATCH_KIND_LABEL = {
  apn: 'mail.alert.kinds.apn',
  address: 'mail.alert.kinds.address',
  name: 'mail.alert.kinds.name',
} as const satisfies Record<AlertHit['matchKind'], string>;

const ROLE_KEY = {
  grantor: 'mail.alert.roles.grantor',
  grantee: 'mail.alert.roles.grantee',
} as const satisfies Record<NonNullable<AlertHit['partyRole']>, string>;

const LEVEL_KEY = {
  act_now: 'reasons.levels.actNow',
  check: 'reasons.levels.check',
  records: 'reasons.levels.records',
} as const satisfies Record<Level, string>;

/** The party's role on the document, explained, in the language of `t`. */
export const roleLabel = (role: NonNullable<AlertHit['partyRole']>, t: Translate = en) =>
  t(ROLE_KEY[role]);

/** "312 documents in this county carry this name"; '' when there is no count to give. */
export function namesakesInWords(namesakes: number | null | undefined, t: Translate = en): string {
  if (namesakes === null || namesakes === undefined || namesakes <= 0) return '';
  return t('mail.alert.namesakes', { count: namesakes });
}

/** How sure the match is, in words: a possible match asks the subscriber to check. */
export function tierInWords(
  hit: Pick<AlertHit, 'tier' | 'possibleBecause'>,
  t: Translate = en,
): string {
  switch (hit.tier) {
    case 'exact':
      return t('mail.alert.tiers.exact');
    case 'strong':
      return t('mail.alert.tiers.strong');
    case 'possible':
      return t('mail.alert.tiers.possible', {
        because: hit.possibleBecause ?? t('reasons.possible.common'),
      });
  }
}

/** "Property (APN) 012-…": the kind of item and the item as the subscriber guards it. */
const hitLabel = (hit: AlertHit, t: Translate) =>
  `${t(MATCH_KIND_LABEL[hit.matchKind])} ${hit.guarded}`;

/**
 * What the document shows for the guarded item, without the guarded item itself. A property's
 * reason mostly names what the document shows ("The document names APN …", "The document names
 * 12 OAK AVE: the same house number…"); it is then said there only, not twice.
 */
function hitDetail(hit: AlertHit, t: Translate): string {
  const reasonShows = hit.matchKind !== 'name' && hit.reason.includes(hit.matchedValue);
  const shows = reasonShows
    ? ''
    : hit.partyRole
      ? t('mail.alert.showsAs', { value: hit.matchedValue, role: t(ROLE_KEY[hit.partyRole]) })
      : t('mail.alert.shows', { value: hit.matchedValue });
  const parts = [
    shows,
    `${t(LEVEL_KEY[hit.level])}.`,
    tierInWords(hit, t),
    sentence(oneLine(hit.reason)),
    hit.tier === 'possible' ? sentence(namesakesInWords(hit.namesakes, t)) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

function attachmentLine(input: AlertMailInput, t: Translate): string {
  switch (input.attachment) {
    case 'attached':
      return t('mail.alert.attached');
    case 'too-large':
      return t('mail.alert.tooLarge');
    case 'unavailable':
      return t('mail.alert.unavailable');
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
export function fraudContactLines(contact: FraudContact | null, t: Translate = en): string[] {
  if (!contact) return [];
  const lines = [
    contact.name,
    contact.phone && t('mail.alert.phone', { phone: contact.phone }),
    contact.email && t('mail.alert.email', { email: contact.email }),
    contact.url && t('mail.alert.web', { url: contact.url }),
  ].filter((line) => line !== '');
  return lines;
}

/** The fraud contact in HTML: the email and web page as links. */
export function fraudContactHtml(contact: FraudContact | null, t: Translate = en): string {
  if (!contact) return '';
  return [
    contact.name && escapeHtml(contact.name),
    contact.phone && t('mail.alert.phone', { phone: escapeHtml(contact.phone) }),
    contact.email &&
      t('mail.alert.email', { email: link(`mailto:${contact.email}`, contact.email) }),
    contact.url && t('mail.alert.web', { url: link(contact.url) }),
  ]
    .filter((line) => line !== '')
    .join('<br>');
}

export function alertMail(brand: Brand, input: AlertMailInput): RenderedMail {
  const language = input.language ?? 'en';
  const t = translator(language);
  const county = countyInWords(input.countyName, language);
  const recorded = countyDate(input.recordedAt, language);
  const first = `${t(LEVEL_KEY[input.level])}: ${input.whatItDoes}`;
  const intro = onlyPossible(input.hits)
    ? t('mail.alert.introPossible', { county, count: input.hits.length })
    : t('mail.alert.intro', { county, count: input.hits.length });
  const attachment = attachmentLine(input, t);
  const fraudIntro = t('mail.alert.fraudIntro');
  const respond = t('mail.alert.respond');
  const sayNotMe = t('mail.alert.sayNotMe');
  const reportContact = t('mail.alert.reportContact');
  const contactRecorder = t('mail.alert.contactRecorder', { county });
  const hours = t('mail.alert.supportHours');
  const review = t('mail.alert.reviewAlert');
  const viewDocument = t('mail.alert.viewDocument');
  const yourAlerts = t('mail.alert.yourAlerts');
  const contact = fraudContactLines(input.fraudContact, t);
  const details: [string, string][] = [
    [t('mail.alert.documentNumber'), input.documentNumber],
    [t('mail.alert.documentType'), documentTypeName(input.documentType, language)],
    [t('mail.alert.recordingDate'), recorded],
    [t('mail.alert.county'), language === 'es' ? countyName(input.countyName) : county],
  ];

  const text = textLayout(
    brand,
    [
      first,
      '',
      intro,
      '',
      `${respond} ${input.eventUrl}`,
      '',
      `${t('mail.alert.whatMatched')}:`,
      ...input.hits.map((hit) => `- ${hitLabel(hit, t)}: ${hitDetail(hit, t)}`),
      '',
      `${t('mail.alert.theDocument')}:`,
      ...details.map(([label, value]) => `${label}: ${value}`),
      '',
      attachment,
      '',
      fraudIntro,
      `- ${sayNotMe}`,
      ...(contact.length > 0 ? [`- ${reportContact} ${contact.join(', ')}`] : []),
      `- ${contactRecorder} ${input.countyLinkUrl}`,
      `- ${t('mail.alert.callSupport', { phone: brand.supportPhone, hours })}`,
      `- ${t('mail.alert.emailSupport', { email: brand.supportEmail })}`,
      '',
      `${review}: ${input.eventUrl}`,
      `${viewDocument}: ${input.documentUrl}`,
      `${yourAlerts}: ${input.dashboardUrl}`,
    ],
    language,
  );

  // layout() wraps each entry in a <p>, so lists are lines within one, not <ul> or <table>.
  const hitLines = input.hits
    .map(
      (hit) =>
        `&bull; <strong>${escapeHtml(hitLabel(hit, t))}</strong>: ${escapeHtml(hitDetail(hit, t))}`,
    )
    .join('<br>');
  const detailLines = details
    .map(([label, value]) => `${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong>`)
    .join('<br>');
  const todo = [
    `- ${escapeText(sayNotMe)}`,
    ...(contact.length > 0
      ? [`- ${escapeText(reportContact)}<br>${fraudContactHtml(input.fraudContact, t)}`]
      : []),
    `- ${escapeHtml(contactRecorder)} ${link(input.countyLinkUrl)}`,
    `- ${t('mail.alert.callSupport', { phone: escapeHtml(brand.supportPhone), hours: escapeHtml(hours) })}`,
    `- ${t('mail.alert.emailSupport', { email: link(`mailto:${brand.supportEmail}`, brand.supportEmail) })}`,
  ];
  const html = layout(
    brand,
    input.headline,
    [
      `<strong>${escapeHtml(first)}</strong>`,
      escapeHtml(intro),
      `${escapeHtml(respond)} ${link(input.eventUrl, review)}`,
      `<strong>${escapeHtml(t('mail.alert.whatMatched'))}</strong><br>${hitLines}`,
      `<strong>${escapeHtml(t('mail.alert.theDocument'))}</strong><br>${detailLines}`,
      escapeHtml(attachment),
      `<strong>${escapeHtml(fraudIntro)}</strong><br>${todo.join('<br>')}`,
      `${link(input.documentUrl, viewDocument)} · ${link(input.dashboardUrl, yourAlerts)}`,
    ],
    { label: review, url: input.eventUrl },
    language,
  );

  return { subject: oneLine(input.headline), tag: 'alert', text, html };
}

/**
 * The TemplateModel for a county's own Postmark template. Values are raw: Postmark escapes
 * `{{ }}` itself, so escaping here would show up as `&amp;` in the mail. The words are in the
 * subscriber's language, which `language` names so that a template can choose its own.
 */
export function alertTemplateModel(brand: Brand, input: AlertMailInput): Record<string, unknown> {
  const language = input.language ?? 'en';
  const t = translator(language);
  return {
    language,
    subject: oneLine(input.headline),
    level: input.level,
    levelLabel: t(LEVEL_KEY[input.level]),
    actNow: input.level === 'act_now',
    whatItDoes: input.whatItDoes,
    eventUrl: input.eventUrl,
    fraudContact: input.fraudContact
      ? { ...input.fraudContact, lines: fraudContactLines(input.fraudContact, t) }
      : null,
    productName: 'DeedWatch',
    appUrl: brand.appUrl,
    documentNumber: input.documentNumber,
    documentType: input.documentType,
    recordingDate: countyDate(input.recordedAt, language),
    countyName: input.countyName,
    county: countyInWords(input.countyName, language),
    countyLinkUrl: input.countyLinkUrl,
    // The model's names are what the counties' own templates refer to: they stay as they are.
    hits: input.hits.map((hit) => ({
      kind: hit.matchKind,
      kindLabel: t(MATCH_KIND_LABEL[hit.matchKind]),
      guarded: hit.guarded,
      matchedValue: hit.matchedValue,
      partyRole: hit.partyRole,
      exact: hit.tier === 'exact',
      tier: hit.tier,
      tierLabel: tierInWords(hit, t),
      level: hit.level,
      levelLabel: t(LEVEL_KEY[hit.level]),
      possible: hit.tier === 'possible',
      namesakes: hit.namesakes ?? null,
      reason: hit.reason,
      summary: `${hitLabel(hit, t)}: ${hitDetail(hit, t)}`,
    })),
    // One boolean per case: Postmark's Mustachio has sections, not comparisons.
    attachment: {
      status: input.attachment,
      attached: input.attachment === 'attached',
      tooLarge: input.attachment === 'too-large',
      unavailable: input.attachment === 'unavailable',
      message: attachmentLine(input, t),
    },
    dashboardUrl: input.dashboardUrl,
    documentUrl: input.documentUrl,
    supportPhone: brand.supportPhone,
    supportEmail: brand.supportEmail,
    supportHours: t('mail.alert.supportHours'),
  };
}
