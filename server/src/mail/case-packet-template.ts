import {
  countyLabel,
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
};

/**
 * The subscriber's copy of their case packet, sent when they report a document as not theirs:
 * the packet attached, what happens next, and the steps they can take themselves now.
 */
export function casePacketMail(brand: Brand, input: CasePacketMailInput): RenderedMail {
  const county = countyLabel(input.countyName);
  const intro = `We received your report that document ${input.documentNumber} (${input.documentType}, ${county}) was not you. It is case ${input.caseNumber}. Your case packet is attached: the document's details and first pages, why it matched, your statement, and the county's fraud contact.`;
  const next =
    'DeedWatch support will contact you the way you asked. You can see where your case stands on your dashboard. Meanwhile, do not wait for us:';
  const contact = fraudContactLines(input.fraudContact);
  const steps = [
    contact.length > 0
      ? `Report it to the county's fraud contact (${contact.join(', ')}) and give them the packet.`
      : `Report it to the ${county} Recorder (${input.countyLinkUrl}) and give them the packet.`,
    'File a police report with your local police or sheriff, and keep its number.',
    'Call your title insurance company: your policy may cover a forged document.',
    'Freeze your credit with Equifax, Experian and TransUnion, so no new loan can be opened in your name.',
  ];
  return {
    subject: oneLine(
      `DeedWatch case ${input.caseNumber}: your report of document ${input.documentNumber}`,
    ),
    tag: 'case_packet',
    text: textLayout(brand, [
      intro,
      '',
      next,
      ...steps.map((step, i) => `${i + 1}. ${step}`),
      '',
      `Your case: ${input.caseUrl}`,
    ]),
    html: layout(
      brand,
      `Case ${input.caseNumber}: we received your report`,
      [
        escapeHtml(intro),
        `${escapeHtml(next)}<br>${steps
          .map((step, i) =>
            i === 0 && contact.length > 0
              ? `${i + 1}. Report it to the county&#39;s fraud contact and give them the packet:<br>${fraudContactHtml(input.fraudContact)}`
              : i === 0
                ? `${i + 1}. Report it to the ${escapeHtml(county)} Recorder (${link(input.countyLinkUrl)}) and give them the packet.`
                : `${i + 1}. ${escapeHtml(step)}`,
          )
          .join('<br>')}`,
      ],
      { label: 'See your case', url: input.caseUrl },
    ),
  };
}
