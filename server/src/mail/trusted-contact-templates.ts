import { countyDate } from '../lib/county-time.ts';
import {
  countyLabel,
  type FraudContact,
  fraudContactHtml,
  fraudContactLines,
  link,
  oneLine,
} from './alert-template.ts';
import { type Brand, escapeHtml, layout, type RenderedMail, textLayout } from './templates.ts';

export type ContactInviteInput = {
  /** The account email of the subscriber who named them. */
  subscriberEmail: string;
  /** What the subscriber calls them ('' when nothing). */
  contactName: string;
  acceptUrl: string;
  stopUrl: string;
  validDays: number;
};

/**
 * The invitation of a trusted contact: nothing is sent to them until they accept by its link,
 * and its stop link says no for good.
 */
export function contactInviteMail(brand: Brand, input: ContactInviteInput): RenderedMail {
  const hello = input.contactName ? `Hello ${oneLine(input.contactName)},` : 'Hello,';
  const intro = `${input.subscriberEmail} uses DeedWatch, a free service that watches the county recorder for documents affecting their property, and has named you as a trusted contact. If you accept, we will email you a copy of their most urgent alerts (Act now: a deed or a loan they may not have signed, a notice of default, a lien), so that someone they trust can check in with them.`;
  const terms = `You will not see their dashboard or anything else of their account, and you can stop at any time with one click. The link to accept works for ${input.validDays} days.`;
  const ignore =
    'If you do not know this person or do not want these emails, ignore this one: nothing more is sent unless you accept. Or stop it now:';
  return {
    subject: oneLine(`${input.subscriberEmail} named you as a trusted contact on DeedWatch`),
    tag: 'contact_invite',
    text: textLayout(brand, [
      hello,
      '',
      intro,
      '',
      terms,
      '',
      `Accept: ${input.acceptUrl}`,
      '',
      `${ignore} ${input.stopUrl}`,
    ]),
    html: layout(
      brand,
      'You were named as a trusted contact',
      [
        escapeHtml(hello),
        escapeHtml(intro),
        escapeHtml(terms),
        `${escapeHtml(ignore)} ${link(input.stopUrl, 'Stop these emails')}`,
      ],
      { label: 'Accept', url: input.acceptUrl },
    ),
  };
}

export type AlertCopyInput = {
  subscriberEmail: string;
  contactName: string;
  /** The alert's subject line: the level, then what the document does. */
  headline: string;
  whatItDoes: string;
  documentNumber: string;
  documentType: string;
  recordedAt: Date;
  countyName: string;
  countyLinkUrl: string;
  fraudContact: FraudContact | null;
  stopUrl: string;
};

/**
 * A copy of an Act now alert for a trusted contact: what was recorded and where, so they can
 * check in with the subscriber. No attachment and no dashboard link: the contact has no
 * account, and the document is the subscriber's business.
 */
export function alertCopyMail(brand: Brand, input: AlertCopyInput): RenderedMail {
  const county = countyLabel(input.countyName);
  const hello = input.contactName ? `Hello ${oneLine(input.contactName)},` : 'Hello,';
  const intro = `You are a trusted contact of ${input.subscriberEmail} on DeedWatch. We have just sent them an urgent alert, and this is your copy:`;
  const ask = `Please check in with ${input.subscriberEmail}: if they did not expect this document, it may be fraud, and acting quickly matters. They can report it from their DeedWatch dashboard.`;
  const details: [string, string][] = [
    ['Document number', input.documentNumber],
    ['Document type', input.documentType],
    ['Recording date', countyDate(input.recordedAt)],
    ['County', county],
  ];
  const contact = fraudContactLines(input.fraudContact);
  const stop = 'To stop receiving these copies, use this link (one click):';
  return {
    subject: oneLine(`Copy for a trusted contact: ${input.headline}`),
    tag: 'alert_copy',
    text: textLayout(brand, [
      hello,
      '',
      intro,
      '',
      oneLine(input.whatItDoes),
      ...details.map(([label, value]) => `${label}: ${value}`),
      '',
      ask,
      '',
      ...(contact.length > 0 ? [`The county's fraud contact: ${contact.join(', ')}`] : []),
      `The ${county} Recorder: ${input.countyLinkUrl}`,
      '',
      `${stop} ${input.stopUrl}`,
    ]),
    html: layout(brand, oneLine(input.headline), [
      escapeHtml(hello),
      escapeHtml(intro),
      `<strong>${escapeHtml(oneLine(input.whatItDoes))}</strong><br>${details
        .map(([label, value]) => `${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong>`)
        .join('<br>')}`,
      escapeHtml(ask),
      `${contact.length > 0 ? `The county&#39;s fraud contact:<br>${fraudContactHtml(input.fraudContact)}<br>` : ''}The ${escapeHtml(county)} Recorder: ${link(input.countyLinkUrl)}`,
      `${escapeHtml(stop)} ${link(input.stopUrl, 'Stop these copies')}`,
    ]),
  };
}
