import { documentTypeName, type Language } from '@deedwatch/rules';
import { translator } from '../i18n/index.ts';
import {
  countyInWords,
  type FraudContact,
  fraudContactHtml,
  fraudContactLines,
  link,
  oneLine,
} from './alert-template.ts';
import { type Brand, escapeHtml, layout, type RenderedMail, textLayout } from './templates.ts';

export type CasePacketMailInput = {
  caseNumber: string;
  documentNumber: string;
  documentType: string;
  countyName: string;
  countyLinkUrl: string;
  fraudContact: FraudContact | null;
  /** The case on the dashboard, where its status shows and the packet downloads again. */
  caseUrl: string;
  /** The subscriber's language; English when not said. */
  language?: Language;
};

/** Element text needs only &, < and > escaped: quotes are written as they are. */
const escapeText = (s: string) => escapeHtml(s).replace(/&quot;/g, '"');

/**
 * The subscriber's copy of their case packet, sent when they report a document as not theirs:
 * the packet attached, what happens next, and the steps they can take themselves now.
 */
export function casePacketMail(brand: Brand, input: CasePacketMailInput): RenderedMail {
  const language = input.language ?? 'en';
  const t = translator(language);
  const county = countyInWords(input.countyName, language);
  const intro = t('mail.casePacket.intro', {
    number: input.documentNumber,
    type: documentTypeName(input.documentType, language),
    county,
    caseNumber: input.caseNumber,
  });
  const next = t('mail.casePacket.next');
  const contact = fraudContactLines(input.fraudContact, t);
  const later = [
    t('mail.casePacket.stepPolice'),
    t('mail.casePacket.stepTitle'),
    t('mail.casePacket.stepCredit'),
  ];
  const first =
    contact.length > 0
      ? t('mail.casePacket.stepContact', { contact: contact.join(', ') })
      : t('mail.casePacket.stepRecorder', { county, url: input.countyLinkUrl });
  const firstHtml =
    contact.length > 0
      ? `${escapeText(t('mail.casePacket.stepContactHtml'))}<br>${fraudContactHtml(input.fraudContact, t)}`
      : t('mail.casePacket.stepRecorder', {
          county: escapeHtml(county),
          url: link(input.countyLinkUrl),
        });
  return {
    subject: oneLine(
      t('mail.casePacket.subject', { caseNumber: input.caseNumber, number: input.documentNumber }),
    ),
    tag: 'case_packet',
    text: textLayout(
      brand,
      [
        intro,
        '',
        next,
        ...[first, ...later].map((step, i) => `${i + 1}. ${step}`),
        '',
        t('mail.casePacket.caseLink', { url: input.caseUrl }),
      ],
      language,
    ),
    html: layout(
      brand,
      t('mail.casePacket.heading', { caseNumber: input.caseNumber }),
      [
        escapeHtml(intro),
        `${escapeHtml(next)}<br>${[`1. ${firstHtml}`, ...later.map((step, i) => `${i + 2}. ${escapeHtml(step)}`)].join('<br>')}`,
      ],
      { label: t('mail.casePacket.button'), url: input.caseUrl },
      language,
    ),
  };
}
