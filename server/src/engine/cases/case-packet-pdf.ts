import { type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import {
  message,
  type PdfLimits,
  PdfProblem,
  resolveLimits,
  runPdfWorker,
  type WorkerReply,
} from '../../documents/pdf/pdf-worker.ts';
import { countyDate } from '../../lib/county-time.ts';
import { printable, wrap } from '../pdf-text.ts';

/**
 * The case packet: what a subscriber who says "This wasn't me" takes to the county, the police
 * and their title insurer. Everything a reader needs to act on one document is in it: the
 * document's details, why DeedWatch matched it, the subscriber's own statement and how to reach
 * them, the county's fraud contact, the next steps, and the first pages of the document itself.
 */
export type CasePacket = {
  caseNumber: string;
  reportedAt: Date;
  document: {
    number: string;
    type: string;
    recordedAt: Date;
    county: string;
    countyLinkUrl: string;
  };
  level: string;
  whatItDoes: string;
  match: {
    guarded: string;
    kind: string;
    matchedValue: string;
    role: string | null;
    tier: string;
    reason: string;
  };
  problem: string;
  statement: string;
  contact: { email: string; phone: string; preferred: string };
  /** Lines naming the county's fraud contact; empty when the county set none. */
  fraudContact: string[];
  support: { phone: string; email: string };
};

const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const TEXT_WIDTH = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.1);
const ACCENT = rgb(0x91 / 255, 0x09 / 255, 0x33 / 255);
/** The recorded document's pages that follow the packet's own. */
export const PACKET_DOCUMENT_PAGES = 2;

type Writer = {
  pdf: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
  clean: (s: string) => string;
};

function newPage(w: Writer) {
  w.page = w.pdf.addPage(PAGE);
  w.y = PAGE[1] - MARGIN;
}

function line(
  w: Writer,
  text: string,
  options: { font?: PDFFont; size?: number; color?: typeof INK } = {},
) {
  const size = options.size ?? 10.5;
  const font = options.font ?? w.regular;
  for (const part of wrap(w.clean(text), font, size, TEXT_WIDTH)) {
    if (w.y < MARGIN + size) newPage(w);
    w.page.drawText(part, { x: MARGIN, y: w.y, size, font, color: options.color ?? INK });
    w.y -= size * 1.4;
  }
}

function heading(w: Writer, text: string) {
  if (w.y < MARGIN + 60) newPage(w);
  w.y -= 6;
  line(w, text, { font: w.bold, size: 12.5, color: ACCENT });
  w.y -= 2;
}

function field(w: Writer, label: string, value: string) {
  line(w, `${label}: ${value === '' ? '-' : value}`);
}

const NEXT_STEPS = (packet: CasePacket) => {
  const county = packet.document.county;
  return [
    packet.fraudContact.length > 0
      ? `Contact the county's fraud contact below with this packet and the document number ${packet.document.number}.`
      : `Contact the ${county} Recorder (${packet.document.countyLinkUrl}) with this packet and the document number ${packet.document.number}.`,
    "File a report with your local police or sheriff's department, or the District Attorney's real estate fraud unit, and keep the report number.",
    "Call your title insurance company: your owner's policy may cover a forged or fraudulent document. Give them this packet.",
    'Place a credit freeze with Equifax, Experian and TransUnion, so no new loan can be opened in your name.',
    `Keep this packet and your case number ${packet.caseNumber}. DeedWatch support: ${packet.support.phone}, ${packet.support.email}.`,
  ];
};

/**
 * The packet's pages, then the first pages of `excerpt` (already cut by firstPages, content
 * only); when there is none, a line says so. Runs in a PDF thread (case-packet-pdf.worker.ts).
 */
export async function buildCasePacketPdf(
  packet: CasePacket,
  excerpt: Uint8Array | null,
): Promise<WorkerReply<{ bytes: Uint8Array; pages: number }>> {
  try {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    pdf.setTitle(`DeedWatch case ${packet.caseNumber}: document ${packet.document.number}`);
    pdf.setProducer('DeedWatch');
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const w: Writer = {
      pdf,
      page: pdf.addPage(PAGE),
      y: PAGE[1] - MARGIN,
      regular,
      bold,
      clean: printable(regular),
    };

    line(w, 'DeedWatch case packet', { font: bold, size: 20, color: ACCENT });
    line(w, `Case ${packet.caseNumber}, reported on ${countyDate(packet.reportedAt)}`, {
      font: bold,
      size: 12,
    });
    line(
      w,
      `A subscriber of DeedWatch, a free property-fraud alert service, reports that this recorded document is not theirs: they did not sign or authorise it. ${packet.level}: ${packet.whatItDoes}`,
    );

    heading(w, 'The recorded document');
    field(w, 'Document number', packet.document.number);
    field(w, 'Document type', packet.document.type);
    field(w, 'Recording date', countyDate(packet.document.recordedAt));
    field(w, 'County', packet.document.county);
    field(w, 'County recorder', packet.document.countyLinkUrl);

    heading(w, 'Why DeedWatch matched it');
    field(w, 'Guarded by the subscriber', packet.match.guarded);
    field(
      w,
      'The document shows',
      `${packet.match.matchedValue}${packet.match.role ? ` (${packet.match.role})` : ''}`,
    );
    field(w, 'Match', `${packet.match.kind}, ${packet.match.tier}`);
    line(w, packet.match.reason);

    heading(w, "The subscriber's statement");
    line(w, packet.problem, { font: bold });
    for (const paragraph of packet.statement.split(/\n+/)) line(w, paragraph);

    heading(w, 'How to reach the subscriber');
    field(w, 'Email', packet.contact.email);
    field(w, 'Phone', packet.contact.phone);
    field(w, 'Prefers', packet.contact.preferred);

    heading(w, "The county's fraud contact");
    if (packet.fraudContact.length > 0) for (const l of packet.fraudContact) line(w, l);
    else line(w, `The ${packet.document.county} Recorder: ${packet.document.countyLinkUrl}`);

    heading(w, 'Next steps');
    NEXT_STEPS(packet).forEach((step, i) => line(w, `${i + 1}. ${step}`));

    heading(w, 'The first pages of the document');
    let copied = 0;
    if (excerpt) {
      try {
        const source = await PDFDocument.load(excerpt, { updateMetadata: false });
        const indices = Array.from(
          { length: Math.min(PACKET_DOCUMENT_PAGES, source.getPageCount()) },
          (_, i) => i,
        );
        for (const page of await pdf.copyPages(source, indices)) pdf.addPage(page);
        copied = indices.length;
      } catch {
        copied = 0;
      }
    }
    line(
      w,
      copied > 0
        ? `The first ${copied === 1 ? 'page' : `${copied} pages`} of document ${packet.document.number} follow.`
        : `A copy of the document could not be included. Order one from the ${packet.document.county} Recorder by its number, ${packet.document.number}.`,
    );

    const bytes = await pdf.save();
    return { ok: true, bytes, pages: pdf.getPageCount() };
  } catch (err) {
    return {
      ok: false,
      reason: 'corrupt',
      detail: `The case packet could not be made: ${message(err)}`,
    };
  }
}

const WORKER = new URL('./case-packet-pdf.worker.ts', import.meta.url);

/**
 * The case packet as PDF bytes, put together in a PDF thread under `limits`. `excerpt` is the
 * document's first pages as firstPages cut them, or null. Throws PdfProblem when the thread
 * fails.
 */
export async function casePacketPdf(
  packet: CasePacket,
  excerpt: Uint8Array | null,
  limits?: Partial<PdfLimits>,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const reply = await runPdfWorker<{ bytes: Uint8Array; pages: number }>(
    WORKER,
    { ...(excerpt ? { bytes: excerpt } : {}), packet },
    resolveLimits(limits),
  );
  if (reply.ok) return { bytes: reply.bytes, pages: reply.pages };
  throw new PdfProblem(reply.reason, reply.detail);
}
