import { createHash } from 'node:crypto';
import { type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { COUNTY_TIME_ZONE, countyDate } from '../lib/county-time.ts';
import { printable, wrap } from './pdf-text.ts';

/**
 * Recorder documents made up for the demo "simulate" command and for tests: they look like what
 * a California county recorder returns (stamp block, title, parties, APN, legal description,
 * signature and notary pages) and have a real text layer, so text extraction and matching run
 * on them as on the real thing.
 */

export type SampleDocumentType =
  'GRANT DEED' | 'DEED OF TRUST' | 'RECONVEYANCE' | 'LIEN' | 'NOTICE OF DEFAULT';

export const SAMPLE_DOCUMENT_TYPES: readonly SampleDocumentType[] = [
  'GRANT DEED',
  'DEED OF TRUST',
  'RECONVEYANCE',
  'LIEN',
  'NOTICE OF DEFAULT',
];

export type SampleDocument = {
  countyName: string;
  documentNumber: string;
  recordedAt: Date;
  documentType: string;
  grantors: string[];
  grantees: string[];
  apns: string[];
  addresses: string[];
};

export type SamplePdfOptions = {
  /** 1 to 20; without it, 3 to 6 chosen from the document itself. */
  pages?: number;
};

const MAX_PAGES = 20;
const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const TEXT_WIDTH = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.08, 0.08, 0.08);
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COUNTY_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});
const longDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COUNTY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const TITLE_COMPANIES = [
  'FIRST AMERICAN TITLE COMPANY',
  'FIDELITY NATIONAL TITLE COMPANY',
  'OLD REPUBLIC TITLE COMPANY',
  'STEWART TITLE OF CALIFORNIA',
  'CHICAGO TITLE COMPANY',
];
const NOTARIES = ['M. ALVAREZ', 'K. NGUYEN', 'R. PATEL', 'L. JOHNSON', 'D. OKAFOR', 'S. CHEN'];
const TRUSTEES = [
  'CAL-WESTERN RECONVEYANCE LLC',
  'QUALITY LOAN SERVICE CORPORATION',
  'CLEAR RECON CORP',
  'WESTERN PROGRESSIVE LLC',
];

/** A stream of numbers drawn from the document: the same document always reads the same. */
function numbersFrom(seed: string) {
  let block = createHash('sha256').update(seed).digest();
  let at = 0;
  return (below: number) => {
    if (at + 4 > block.length) {
      block = createHash('sha256').update(block).digest();
      at = 0;
    }
    const n = block.readUInt32BE(at);
    at += 4;
    return n % below;
  };
}

function listNames(names: string[]): string {
  const list = names.filter((n) => n.trim() !== '');
  if (list.length === 0) return 'UNKNOWN PARTY';
  if (list.length === 1) return list[0]!;
  return `${list.slice(0, -1).join(', ')} AND ${list.at(-1)}`;
}

function countyTitle(name: string): string {
  const upper = name.trim().toUpperCase();
  return upper.endsWith(' COUNTY') ? upper.slice(0, -' COUNTY'.length) : upper;
}

type Fonts = { body: PDFFont; bold: PDFFont; sans: PDFFont; sansBold: PDFFont; mono: PDFFont };

/** A page being written top to bottom. */
class Writer {
  readonly page: PDFPage;
  readonly fonts: Fonts;
  readonly clean: (s: string) => string;
  y: number;

  constructor(page: PDFPage, fonts: Fonts, clean: (s: string) => string, top: number) {
    this.page = page;
    this.fonts = fonts;
    this.clean = clean;
    this.y = top;
  }

  paragraph(text: string, options: { size?: number; font?: PDFFont; indent?: number } = {}) {
    const size = options.size ?? 10.5;
    const font = options.font ?? this.fonts.body;
    const indent = options.indent ?? 0;
    for (const line of wrap(this.clean(text), font, size, TEXT_WIDTH - indent)) {
      if (this.y < MARGIN + 40) return;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: INK });
      this.y -= size * 1.35;
    }
    this.y -= size * 0.6;
  }

  centered(text: string, size: number, font: PDFFont) {
    const line = this.clean(text);
    const width = font.widthOfTextAtSize(line, size);
    this.page.drawText(line, { x: (PAGE[0] - width) / 2, y: this.y, size, font, color: INK });
    this.y -= size * 1.8;
  }

  signatureLine(name: string) {
    if (this.y < MARGIN + 60) return;
    this.y -= 18;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + 250, y: this.y },
      thickness: 0.6,
      color: INK,
    });
    this.y -= 12;
    this.page.drawText(this.clean(name), {
      x: MARGIN,
      y: this.y,
      size: 9,
      font: this.fonts.sans,
      color: INK,
    });
    this.y -= 14;
  }
}

function body(doc: SampleDocument, seed: ReturnType<typeof numbersFrom>) {
  const county = countyTitle(doc.countyName);
  const grantors = listNames(doc.grantors);
  const grantees = listNames(doc.grantees);
  const address = doc.addresses[0] ?? 'NOT STATED';
  const amount = (50_000 + seed(900) * 1_000).toLocaleString('en-US');
  const trustee = TRUSTEES[seed(TRUSTEES.length)]!;
  const priorDoc = `${2000 + seed(23)}${String(seed(1_000_000)).padStart(7, '0')}`;
  switch (doc.documentType.trim().toUpperCase()) {
    case 'GRANT DEED':
      return [
        `The undersigned grantor(s) declare(s): Documentary transfer tax is $${(seed(900) + 55).toFixed(2)}, computed on full value of property conveyed.`,
        `FOR A VALUABLE CONSIDERATION, receipt of which is hereby acknowledged, ${grantors} hereby GRANT(S) to ${grantees} the following described real property in the County of ${county}, State of California:`,
        `SEE EXHIBIT "A" ATTACHED HERETO AND MADE A PART HEREOF. Commonly known as: ${address}.`,
      ];
    case 'DEED OF TRUST':
      return [
        `THIS DEED OF TRUST is made between ${grantors}, herein called TRUSTOR, whose address is ${address}, ${trustee}, herein called TRUSTEE, and ${grantees}, herein called BENEFICIARY.`,
        `Trustor irrevocably grants, transfers and assigns to Trustee, in trust, with power of sale, that property in the County of ${county}, State of California, described in Exhibit "A", to secure payment of the indebtedness evidenced by a promissory note of even date in the principal sum of $${amount}.`,
        `Property address: ${address}.`,
      ];
    case 'RECONVEYANCE':
      return [
        `${trustee}, as duly appointed Trustee under the Deed of Trust recorded as Document No. ${priorDoc} in the Official Records of ${county} County, executed by ${grantors} as Trustor, having received from the holder of the obligations thereunder a written request to reconvey,`,
        `DOES HEREBY RECONVEY, without warranty, to ${grantees}, the person or persons legally entitled thereto, the estate now held by it thereunder in the property described in Exhibit "A", commonly known as ${address}.`,
      ];
    case 'LIEN':
      return [
        `NOTICE IS HEREBY GIVEN that ${grantees}, claimant, claims a lien upon the real property described in Exhibit "A", commonly known as ${address}, in the County of ${county}, State of California.`,
        `The amount of the claim, after deducting all just credits and offsets, is $${amount}, together with interest at the legal rate. The owner or reputed owner of the property is ${grantors}.`,
      ];
    case 'NOTICE OF DEFAULT':
      return [
        `IMPORTANT NOTICE: IF YOUR PROPERTY IS IN FORECLOSURE BECAUSE YOU ARE BEHIND IN YOUR PAYMENTS, IT MAY BE SOLD WITHOUT ANY COURT ACTION, and you may have the legal right to bring your account in good standing by paying all of your past due payments plus permitted costs and expenses.`,
        `NOTICE IS HEREBY GIVEN that ${trustee} is the duly appointed Trustee under a Deed of Trust recorded as Document No. ${priorDoc} in the Official Records of ${county} County, executed by ${grantors} as Trustor, to secure obligations in favor of ${grantees} as Beneficiary.`,
        `A breach of the obligation for which the Deed of Trust is security has occurred: failure to pay the installments of principal and interest which became due. The property is commonly known as ${address}. The amount in default is $${amount}.`,
      ];
    default:
      return [
        `${grantors}, as grantor, and ${grantees}, as grantee, are parties to this instrument affecting the real property in the County of ${county}, State of California, described in Exhibit "A".`,
        `Commonly known as: ${address}.`,
      ];
  }
}

function legalDescription(doc: SampleDocument, seed: ReturnType<typeof numbersFrom>) {
  const county = countyTitle(doc.countyName);
  const tract = 1000 + seed(9000);
  return [
    `All that certain real property situated in the County of ${county}, State of California, described as follows:`,
    `LOT ${1 + seed(120)}, AS SHOWN ON THE MAP OF TRACT NO. ${tract}, FILED IN BOOK ${10 + seed(390)} OF MAPS, AT PAGE ${1 + seed(99)}, ${county} COUNTY RECORDS.`,
    'EXCEPTING THEREFROM all oil, gas, minerals and other hydrocarbon substances lying below a depth of 500 feet from the surface of said land, without the right of surface entry, as reserved in deeds of record.',
    `Assessor's Parcel Number(s): ${doc.apns.join('; ') || 'NOT STATED'}`,
  ];
}

const PROVISIONS = [
  'To protect the security of this instrument, the undersigned agrees to keep said property in good condition and repair, not to remove or demolish any building thereon, and to complete or restore promptly and in good and workmanlike manner any building which may be constructed, damaged or destroyed thereon.',
  'To pay, at least ten days before delinquency, all taxes and assessments affecting said property, including assessments on appurtenant water stock, and all encumbrances, charges and liens, with interest, on said property or any part thereof, which appear to be prior or superior hereto.',
  'That any award of damages in connection with any condemnation for public use of or injury to said property or any part thereof is hereby assigned and shall be paid to the party entitled thereto, who may apply or release such moneys received in the same manner and with the same effect as provided for disposition of proceeds of fire or other insurance.',
  'That by accepting payment of any sum secured hereby after its due date, no party waives the right either to require prompt payment when due of all other sums so secured or to declare default for failure so to pay.',
  'The undersigned requests that a copy of any notice of default and of any notice of sale hereunder be mailed to the address set out herein. Failure to insert an address shall not affect the validity of this instrument.',
  'This instrument applies to, inures to the benefit of, and binds all parties hereto, their heirs, legatees, devisees, administrators, executors, successors and assigns. The term holder shall mean the owner and holder, including pledgees, of any obligation secured hereby.',
];

const NOTARY_NOTICE =
  'A notary public or other officer completing this certificate verifies only the identity of the individual who signed the document to which this certificate is attached, and not the truthfulness, accuracy, or validity of that document.';

/**
 * A multi-page recorder document. Without `pages`, 3 to 6 pages chosen from the document, so
 * the same input always gives the same bytes (creation and modification dates are the
 * recording time, not now).
 */
export async function samplePdf(
  doc: SampleDocument,
  options: SamplePdfOptions = {},
): Promise<Uint8Array> {
  const seed = numbersFrom(
    JSON.stringify([
      doc.countyName,
      doc.documentNumber,
      doc.recordedAt.toISOString(),
      doc.documentType,
      doc.grantors,
      doc.grantees,
      doc.apns,
      doc.addresses,
    ]),
  );
  const pageCount = options.pages ?? 3 + seed(4);
  if (!Number.isInteger(pageCount) || pageCount < 1 || pageCount > MAX_PAGES) {
    throw new RangeError(`A sample document has 1 to ${MAX_PAGES} pages, not ${pageCount}.`);
  }

  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    body: await pdf.embedFont(StandardFonts.TimesRoman),
    bold: await pdf.embedFont(StandardFonts.TimesRomanBold),
    sans: await pdf.embedFont(StandardFonts.Helvetica),
    sansBold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const clean = printable(fonts.body);
  const county = countyTitle(doc.countyName);
  const title = doc.documentType.trim().toUpperCase() || 'DOCUMENT';
  const recordedDate = countyDate(doc.recordedAt);
  const signedAt = new Date(doc.recordedAt.getTime() - (1 + seed(10)) * 86_400_000);
  const titleCompany = TITLE_COMPANIES[seed(TITLE_COMPANIES.length)]!;
  const notary = NOTARIES[seed(NOTARIES.length)]!;
  const fees = 15 + seed(90);
  const mailTo = doc.grantees[0] ?? doc.grantors[0] ?? 'UNKNOWN PARTY';

  pdf.setTitle(`${title} ${doc.documentNumber}`, { showInWindowTitleBar: true });
  pdf.setLanguage('en');
  pdf.setSubject(`${county} County Recorder, document ${doc.documentNumber}`);
  pdf.setProducer('DeedWatch sample documents');
  pdf.setCreator('DeedWatch');
  pdf.setCreationDate(doc.recordedAt);
  pdf.setModificationDate(doc.recordedAt);

  const pages = Array.from({ length: pageCount }, () => pdf.addPage(PAGE));
  pages.forEach((page, i) => {
    // Recorders stamp every page with the document number.
    const stamp = clean(`DOC # ${doc.documentNumber}   Page ${i + 1} of ${pageCount}`);
    page.drawText(stamp, {
      x: PAGE[0] - MARGIN - fonts.mono.widthOfTextAtSize(stamp, 8),
      y: MARGIN / 2,
      size: 8,
      font: fonts.mono,
      color: INK,
    });
  });

  // Page 1: the recording block, title, parties and property.
  const first = new Writer(pages[0]!, fonts, clean, PAGE[1] - MARGIN);
  for (const [text, font] of [
    ['RECORDING REQUESTED BY:', fonts.sansBold],
    [titleCompany, fonts.sans],
    ['', fonts.sans],
    ['WHEN RECORDED MAIL TO:', fonts.sansBold],
    [mailTo, fonts.sans],
    [doc.addresses[0] ?? '', fonts.sans],
  ] as const) {
    first.page.drawText(clean(text), { x: MARGIN, y: first.y, size: 9, font, color: INK });
    first.y -= 12;
  }

  const box = { x: 330, y: PAGE[1] - MARGIN - 78, width: PAGE[0] - MARGIN - 330, height: 88 };
  first.page.drawRectangle({ ...box, borderColor: INK, borderWidth: 1 });
  const stampLines = [
    `${county} COUNTY RECORDER`,
    `DOC # ${doc.documentNumber}`,
    `Recorded ${recordedDate} ${timeFormat.format(doc.recordedAt)}`,
    'Official Records',
    `Fees: $${fees}.00   Pages: ${pageCount}`,
  ];
  stampLines.forEach((line, i) => {
    first.page.drawText(clean(line), {
      x: box.x + 8,
      y: box.y + box.height - 16 - i * 15,
      size: i < 2 ? 9.5 : 8.5,
      font: i < 2 ? fonts.sansBold : fonts.mono,
      color: INK,
    });
  });

  first.y = box.y - 14;
  first.page.drawLine({
    start: { x: MARGIN, y: first.y },
    end: { x: PAGE[0] - MARGIN, y: first.y },
    thickness: 0.8,
    color: INK,
  });
  const spaceAbove = "SPACE ABOVE THIS LINE FOR RECORDER'S USE";
  first.page.drawText(spaceAbove, {
    x: PAGE[0] - MARGIN - fonts.sans.widthOfTextAtSize(spaceAbove, 7),
    y: first.y - 9,
    size: 7,
    font: fonts.sans,
    color: INK,
  });
  first.y -= 26;

  for (const apn of doc.apns) first.paragraph(`APN: ${apn}`, { font: fonts.sansBold, size: 10 });
  first.y -= 6;
  first.centered(title, 16, fonts.bold);
  for (const text of body(doc, seed)) first.paragraph(text);
  first.paragraph(`GRANTOR(S): ${listNames(doc.grantors)}`, { font: fonts.bold });
  first.paragraph(`GRANTEE(S): ${listNames(doc.grantees)}`, { font: fonts.bold });
  for (const address of doc.addresses) first.paragraph(`Property address: ${address}`);

  const legal = legalDescription(doc, seed);
  const signatures = (w: Writer) => {
    w.paragraph(`Dated: ${countyDate(signedAt)}`);
    for (const name of doc.grantors.length > 0 ? doc.grantors : ['UNKNOWN PARTY']) {
      w.signatureLine(name);
    }
  };
  const notaryBlock = (w: Writer) => {
    w.y -= 10;
    const top = w.y;
    w.y -= 12;
    w.paragraph(NOTARY_NOTICE, { size: 8, font: fonts.sans, indent: 6 });
    const bottom = w.y + 2;
    w.page.drawRectangle({
      x: MARGIN,
      y: bottom,
      width: TEXT_WIDTH,
      height: top - bottom,
      borderColor: INK,
      borderWidth: 0.6,
    });
    w.y -= 12;
    w.paragraph(`State of California, County of ${county}`, { font: fonts.bold });
    w.paragraph(
      `On ${longDateFormat.format(signedAt)} before me, ${notary}, Notary Public, personally appeared ${listNames(doc.grantors)}, who proved to me on the basis of satisfactory evidence to be the person(s) whose name(s) is/are subscribed to the within instrument and acknowledged to me that he/she/they executed the same in his/her/their authorized capacity(ies), and that by his/her/their signature(s) on the instrument the person(s), or the entity upon behalf of which the person(s) acted, executed the instrument.`,
    );
    w.paragraph(
      'I certify under PENALTY OF PERJURY under the laws of the State of California that the foregoing paragraph is true and correct. WITNESS my hand and official seal.',
    );
    w.signatureLine(`${notary}, Notary Public`);
  };

  if (pageCount === 1) {
    first.paragraph('LEGAL DESCRIPTION', { font: fonts.bold });
    for (const text of legal) first.paragraph(text, { size: 9.5 });
    signatures(first);
    return save(pdf);
  }

  // Page 2 (when there is more than a signature page): Exhibit A.
  const middle = pages.slice(1, -1);
  middle.forEach((page, i) => {
    const w = new Writer(page, fonts, clean, PAGE[1] - MARGIN);
    if (i === 0) {
      w.centered('EXHIBIT "A"', 13, fonts.bold);
      w.centered('LEGAL DESCRIPTION', 11, fonts.bold);
      for (const text of legal) w.paragraph(text);
    } else {
      w.centered(`${title}: ADDITIONAL PROVISIONS`, 11, fonts.bold);
    }
    const start = seed(PROVISIONS.length);
    for (let n = 0; n < PROVISIONS.length && w.y > MARGIN + 140; n++) {
      w.paragraph(`${n + 1}. ${PROVISIONS[(start + n) % PROVISIONS.length]}`);
    }
  });
  if (middle.length === 0) {
    first.paragraph('LEGAL DESCRIPTION: SEE BELOW', { font: fonts.bold });
    for (const text of legal) first.paragraph(text, { size: 9.5 });
  }

  // Last page: signatures and the notary's acknowledgment.
  const last = new Writer(pages.at(-1)!, fonts, clean, PAGE[1] - MARGIN);
  last.centered('SIGNATURES AND ACKNOWLEDGMENT', 12, fonts.bold);
  signatures(last);
  notaryBlock(last);
  return save(pdf);
}

// Object streams off: the bytes then hold each object as written, which also keeps them stable.
const save = (pdf: PDFDocument) => pdf.save({ useObjectStreams: false });
