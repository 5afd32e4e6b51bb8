import { documentTypeName, type Language } from '@deedwatch/rules';
import { type Translate, translator } from '../i18n/index.ts';
import { countyDate } from '../lib/county-time.ts';
import {
  countyInWords,
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
  /** The inviting subscriber's language; English when not said. */
  language?: Language;
};

/** How long a name the greeting repeats may be: a person's name, not a message. */
const GREETING_NAME_MAX = 40;
/** Letters, spaces and the marks names carry (O'Brien, Anne-Marie, J. R.). */
const NAME_CHARACTERS = /^[\p{L}\p{M} '.-]+$/u;
/** A dot right before two letters: how a web address (evil.example) reads to a mail client. */
const LIKE_A_DOMAIN = /\.\p{L}{2}/u;

/**
 * The name the subscriber gave their contact, when the greeting may repeat it: a short
 * personal name. The subscriber's own words go to an address of their choosing under our name,
 * so anything else (a sentence, a web address a mail client would turn into a link) is left
 * out, and the greeting is the plain one.
 */
export function greetingName(name: string): string {
  const one = oneLine(name);
  if (one.length > GREETING_NAME_MAX) return '';
  return NAME_CHARACTERS.test(one) && !LIKE_A_DOMAIN.test(one) ? one : '';
}

const helloOf = (name: string, t: Translate) => {
  const shown = greetingName(name);
  return shown ? t('mail.contactInvite.helloName', { name: shown }) : t('mail.contactInvite.hello');
};

/** Element text needs only &, < and > escaped: quotes are written as they are. */
const escapeText = (s: string) => escapeHtml(s).replace(/&quot;/g, '"');

/**
 * The invitation of a trusted contact: nothing is sent to them until they accept by its link,
 * and its stop link says no for good.
 */
export function contactInviteMail(brand: Brand, input: ContactInviteInput): RenderedMail {
  const language = input.language ?? 'en';
  const t = translator(language);
  const hello = helloOf(input.contactName, t);
  const intro = t('mail.contactInvite.intro', { email: input.subscriberEmail });
  const terms = t('mail.contactInvite.terms', { days: input.validDays });
  const ignore = t('mail.contactInvite.ignore');
  return {
    subject: oneLine(t('mail.contactInvite.subject', { email: input.subscriberEmail })),
    tag: 'contact_invite',
    text: textLayout(
      brand,
      [
        hello,
        '',
        intro,
        '',
        terms,
        '',
        t('mail.contactInvite.acceptLink', { url: input.acceptUrl }),
        '',
        `${ignore} ${input.stopUrl}`,
      ],
      language,
    ),
    html: layout(
      brand,
      t('mail.contactInvite.heading'),
      [
        escapeHtml(hello),
        escapeHtml(intro),
        escapeHtml(terms),
        `${escapeHtml(ignore)} ${link(input.stopUrl, t('mail.contactInvite.stop'))}`,
      ],
      { label: t('mail.contactInvite.button'), url: input.acceptUrl },
      language,
    ),
  };
}

export type AlertCopyInput = {
  subscriberEmail: string;
  contactName: string;
  /** The level, then what was recorded, said of the subscriber's guarded name or property. */
  headline: string;
  /** What was recorded (whatWasRecorded): the contact is not the "you" of the alert. */
  whatItDoes: string;
  documentNumber: string;
  documentType: string;
  recordedAt: Date;
  countyName: string;
  countyLinkUrl: string;
  fraudContact: FraudContact | null;
  stopUrl: string;
  /** The subscriber's language (the copy is theirs); English when not said. */
  language?: Language;
};

/**
 * A copy of an Act now alert for a trusted contact: what was recorded and where, so they can
 * check in with the subscriber. No attachment and no dashboard link: the contact has no
 * account, and the document is the subscriber's business.
 */
export function alertCopyMail(brand: Brand, input: AlertCopyInput): RenderedMail {
  const language = input.language ?? 'en';
  const t = translator(language);
  const county = countyInWords(input.countyName, language);
  const hello = helloOf(input.contactName, t);
  const intro = t('mail.alertCopy.intro', { email: input.subscriberEmail });
  const ask = t('mail.alertCopy.ask', { email: input.subscriberEmail });
  const details: [string, string][] = [
    [t('mail.alert.documentNumber'), input.documentNumber],
    [t('mail.alert.documentType'), documentTypeName(input.documentType, language)],
    [t('mail.alert.recordingDate'), countyDate(input.recordedAt, language)],
    [t('mail.alert.county'), language === 'en' ? county : input.countyName.trim()],
  ];
  const contact = fraudContactLines(input.fraudContact, t);
  const fraudContact = t('mail.alertCopy.fraudContact');
  const recorder = t('mail.alertCopy.recorder', { county });
  const stop = t('mail.alertCopy.stopIntro');
  return {
    subject: oneLine(t('mail.alertCopy.subject', { headline: input.headline })),
    tag: 'alert_copy',
    text: textLayout(
      brand,
      [
        hello,
        '',
        intro,
        '',
        oneLine(input.whatItDoes),
        ...details.map(([label, value]) => `${label}: ${value}`),
        '',
        ask,
        '',
        ...(contact.length > 0 ? [`${fraudContact} ${contact.join(', ')}`] : []),
        `${recorder} ${input.countyLinkUrl}`,
        '',
        `${stop} ${input.stopUrl}`,
      ],
      language,
    ),
    html: layout(
      brand,
      oneLine(input.headline),
      [
        escapeHtml(hello),
        escapeHtml(intro),
        `<strong>${escapeHtml(oneLine(input.whatItDoes))}</strong><br>${details
          .map(([label, value]) => `${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong>`)
          .join('<br>')}`,
        escapeHtml(ask),
        `${contact.length > 0 ? `${escapeText(fraudContact)}<br>${fraudContactHtml(input.fraudContact, t)}<br>` : ''}${escapeHtml(recorder)} ${link(input.countyLinkUrl)}`,
        `${escapeHtml(stop)} ${link(input.stopUrl, t('mail.alertCopy.stop'))}`,
      ],
      undefined,
      language,
    ),
  };
}
