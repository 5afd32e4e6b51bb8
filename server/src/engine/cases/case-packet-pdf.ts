import { type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import {
  message,
  type PdfLimits,
  PdfProblem,
  resolveLimits,
  runPdfWorker,
  type WorkerReply,
} from '../../documents/pdf/pdf-worker.ts';
import { documentTypeName, type Language } from '@deedwatch/rules';
import { type Translate, translator } from '../../i18n/index.ts';
import { countyDate } from '../../lib/county-time.ts';
import { printable, wrap } from '../pdf-text.ts';

/**
 * The case packet: what a subscriber who says "This wasn't me" takes to the county, the police
 * and their title insurer. Everything a reader needs to act on one document is in it: the
 * document's details, why DeedWatch matched it, the subscriber's own statement and how to reach
 * them, the county's fraud contact, the next steps, and the first pages of the document itself.
 */
export type CasePacket = {
  /** The subscriber's language: the packet's words, its title and its /Lang. */
  language?: Language;
  caseNumber: string;
  reportedAt: Date;
  document: {
    number: string;
    /** As the county's index writes it: the packet names a type it knows in its language. */
    type: string;
    recordedAt: Date;
    /** As a sentence names it: "Sacramento County", "condado de Sacramento". */
    county: string;
    /** As the County field shows it; the sentence's form when not given. */
    countyField?: string;
    countyLinkUrl: string;
  };
  level: string;
  /** What was recorded, in the third person ("A grant deed naming JANE ROE as grantor…"). */
  whatWasRecorded: string;
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

const nextSteps = (packet: CasePacket, t: Translate) => {
  const { county, number, countyLinkUrl } = packet.document;
  return [
    packet.fraudContact.length > 0
      ? t('pdf.casePacket.stepFraudContact', { number })
      : t('pdf.casePacket.stepRecorder', { county, url: countyLinkUrl, number }),
    t('pdf.casePacket.stepPolice'),
    t('pdf.casePacket.stepTitle'),
    t('pdf.casePacket.stepCredit'),
    t('pdf.casePacket.stepKeep', {
      caseNumber: packet.caseNumber,
      phone: packet.support.phone,
      email: packet.support.email,
    }),
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
    const language = packet.language ?? 'en';
    const t = translator(language);
    const pdf = await PDFDocument.create({ updateMetadata: false });
    pdf.setTitle(
      t('pdf.casePacket.title', {
        caseNumber: packet.caseNumber,
        documentNumber: packet.document.number,
      }),
      { showInWindowTitleBar: true },
    );
    pdf.setLanguage(language);
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
    const { county, number } = packet.document;

    line(w, t('pdf.casePacket.heading'), { font: bold, size: 20, color: ACCENT });
    line(
      w,
      t('pdf.casePacket.reported', {
        caseNumber: packet.caseNumber,
        date: countyDate(packet.reportedAt, language),
      }),
      { font: bold, size: 12 },
    );
    line(w, t('pdf.casePacket.intro', { level: packet.level, what: packet.whatWasRecorded }));

    heading(w, t('pdf.casePacket.theDocument'));
    field(w, t('pdf.casePacket.documentNumber'), number);
    field(w, t('pdf.casePacket.documentType'), documentTypeName(packet.document.type, language));
    field(w, t('pdf.casePacket.recordingDate'), countyDate(packet.document.recordedAt, language));
    field(w, t('pdf.casePacket.county'), packet.document.countyField ?? county);
    field(w, t('pdf.casePacket.countyRecorder'), packet.document.countyLinkUrl);

    heading(w, t('pdf.casePacket.whyMatched'));
    field(w, t('pdf.casePacket.guarded'), packet.match.guarded);
    field(
      w,
      t('pdf.casePacket.shows'),
      `${packet.match.matchedValue}${packet.match.role ? ` (${packet.match.role})` : ''}`,
    );
    field(
      w,
      t('pdf.casePacket.match'),
      t('pdf.casePacket.matchValue', { kind: packet.match.kind, tier: packet.match.tier }),
    );
    line(w, packet.match.reason);

    heading(w, t('pdf.casePacket.statement'));
    line(w, packet.problem, { font: bold });
    for (const paragraph of packet.statement.split(/\n+/)) line(w, paragraph);

    heading(w, t('pdf.casePacket.reach'));
    field(w, t('pdf.casePacket.email'), packet.contact.email);
    field(w, t('pdf.casePacket.phone'), packet.contact.phone);
    field(w, t('pdf.casePacket.prefers'), packet.contact.preferred);

    heading(w, t('pdf.casePacket.fraudContact'));
    if (packet.fraudContact.length > 0) for (const l of packet.fraudContact) line(w, l);
    else line(w, t('pdf.casePacket.recorder', { county, url: packet.document.countyLinkUrl }));

    heading(w, t('pdf.casePacket.nextSteps'));
    nextSteps(packet, t).forEach((step, i) => line(w, `${i + 1}. ${step}`));

    heading(w, t('pdf.casePacket.firstPages'));
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
        ? t('pdf.casePacket.follow', { count: copied, number })
        : t('pdf.casePacket.noCopy', { county, number }),
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
