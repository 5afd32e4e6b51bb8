/**
 * PDFs made in code for tests: one normal document with real text, and hostile ones of the kinds
 * a recorder feed or an uploader can send. No binary fixtures: each builder documents its attack.
 */
import { createDeflate } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const NORMAL_APN = '012-0345-006-0000';

/** A PDF with real Helvetica text, one entry per page; a page's lines are split on '\n'. */
export async function textPdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const body of pages) {
    const page = doc.addPage([612, 792]);
    body.split('\n').forEach((line, i) => {
      page.drawText(line, { x: 72, y: 720 - i * 18, size: 12, font });
    });
  }
  return doc.save();
}

/** A three-page grant deed whose first page names the parcel. */
export function normalPdf(): Promise<Uint8Array> {
  return textPdf([
    `GRANT DEED\nAssessor's Parcel No. ${NORMAL_APN}\nRecorded at the request of Jane Q. Owner`,
    'Page 2 of 3\nThe land is described in Exhibit A',
    'Page 3 of 3\nExhibit A: Lot 12 of Tract 3456',
  ]);
}

/** A PDF whose pages each say "Page N of M". */
export function numberedPdf(pageCount: number): Promise<Uint8Array> {
  return textPdf(Array.from({ length: pageCount }, (_, i) => `Page ${i + 1} of ${pageCount}`));
}

export const emptyFile = (): Uint8Array => new Uint8Array(0);

/** The first 40% of a normal PDF: no xref, no trailer, the last object cut mid-stream. */
export async function truncatedPdf(): Promise<Uint8Array> {
  const whole = await normalPdf();
  return whole.slice(0, Math.floor(whole.byteLength * 0.4));
}

/**
 * Bytes from a seeded generator (the same bytes every run), optionally behind a PDF header so the
 * parser gets past its first check and into the garbage.
 */
export function garbage(size: number, seed: number, withHeader: boolean): Uint8Array {
  const out = new Uint8Array(size);
  let state = seed >>> 0;
  for (let i = 0; i < size; i++) {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = (t ^ (t >>> 14)) & 0xff;
  }
  if (withHeader) out.set(latin1('%PDF-1.7\n'));
  return out;
}

/**
 * A one-page document whose trailer carries a Standard security handler dictionary. /U matches no
 * password, so a reader cannot open it with the empty user password.
 */
export function encryptedPdf(): Uint8Array {
  const fill = (byte: string) => `<${byte.repeat(32)}>`;
  return assemble(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      stream('BT /F1 12 Tf 72 720 Td (Secret deed) Tj ET'),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O ${fill('5a')} /U ${fill('c3')} >>`,
    ],
    {
      trailer:
        '/Encrypt 6 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]',
    },
  );
}

/** A one-page document whose only cross-reference section names itself as the previous one. */
export function xrefLoopPdf(): Uint8Array {
  return assemble(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      stream('BT /F1 12 Tf 72 720 Td (Looped xref) Tj ET'),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ],
    { prevIsSelf: true },
  );
}

/** `pageCount` pages (5,000 by default) in one flat page tree, each with its own "Page N" text. */
export function manyPagesPdf(pageCount = 5000): Uint8Array {
  // Objects: 1 catalog, 2 pages root, 3 font, then page i at 4 + 2i and its content at 5 + 2i.
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pageCount} /Kids [${Array.from({ length: pageCount }, (_, i) => `${4 + 2 * i} 0 R`).join(' ')}] >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (let i = 0; i < pageCount; i++) {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${5 + 2 * i} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      stream(`BT /F1 12 Tf 72 720 Td (Page ${i + 1}) Tj ET`),
    );
  }
  return assemble(objects);
}

/**
 * A page drawn with two embedded font programs built to break a font parser: a TrueType whose
 * table directory claims 65,535 tables at offsets and lengths near 4 GB, and a Type1 whose
 * /Length1 and /Length2 promise gigabytes before a truncated eexec section.
 */
export function fontExploitPdf(): Uint8Array {
  const header = [0x00, 0x01, 0x00, 0x00, 0xff, 0xff, 0xff, 0xf0, 0x00, 0x0f, 0xff, 0xf0];
  const tables: number[] = [];
  for (const tag of ['cmap', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'name', 'post']) {
    tables.push(...[...tag].map((c) => c.charCodeAt(0)));
    tables.push(0xde, 0xad, 0xbe, 0xef); // checksum
    tables.push(0xff, 0xff, 0xff, 0x00); // offset
    tables.push(0xff, 0xff, 0xff, 0xf0); // length
  }
  const trueType = String.fromCharCode(...header, ...tables) + '\xff'.repeat(64);
  const type1 =
    '%!PS-AdobeFont-1.0: Evil 001.000\n/FontName /Evil def\n/FontMatrix [0.001 0 0 0.001 0 0] readonly def\n' +
    '/Encoding 256 array\ncurrentdict end\ncurrentfile eexec\n' +
    '\xd9\xd6\x6f\x63\x3b\x84\x6a\x98\x9b\x99\x97\x4b\x7a\xb5\x6c\x81'.repeat(8);
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 8 0 R >> >> >>',
    stream('BT /F1 12 Tf 72 720 Td (Font one) Tj /F2 12 Tf 0 -20 Td (Font two) Tj ET'),
    '<< /Type /Font /Subtype /TrueType /BaseFont /EvilTT /FirstChar 32 /LastChar 126 /FontDescriptor 6 0 R >>',
    '<< /Type /FontDescriptor /FontName /EvilTT /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>',
    stream(trueType, '/Length1 4294967295'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /EvilT1 /FirstChar 32 /LastChar 126 /FontDescriptor 9 0 R >>',
    '<< /Type /FontDescriptor /FontName /EvilT1 /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile 10 0 R >>',
    stream(type1, '/Length1 2147483647 /Length2 2147483647 /Length3 0'),
  ]);
}

/**
 * A page whose content stream is a few hundred kilobytes of Flate that inflates to `inflatedMb`
 * megabytes of blanks after one line of text: small on disk, huge once a reader decodes it.
 */
export async function flateBombPdf(inflatedMb = 256): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  deflate.write(Buffer.from('BT /F1 12 Tf 72 720 Td (Bomb) Tj ET\n', 'latin1'));
  const blanks = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < inflatedMb; i++) deflate.write(blanks);
  deflate.end();
  await done;
  const compressed = Buffer.concat(chunks).toString('latin1');
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream(compressed, '/Filter /FlateDecode'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** What activeContentPdf's scripts say and its attachment holds: absent from a safe copy. */
export const ACTIVE_CONTENT_MARKERS = ['openaction-payload', 'page-payload', 'embedded-payload'];

/**
 * Three pages carrying everything a reader acts on: an OpenAction script (also under the Names
 * tree's JavaScript, and run again on close), page 1's open and close scripts (/AA), a link
 * whose action is a script, a form field with a keystroke script, a stamp that runs a script
 * when clicked, an embedded file behind a FileAttachment annotation and in the Names tree, an
 * outline item that runs the script, a hidden annotation, and on page 2 a link to page 3 and a
 * resource entry that points back at the catalog. What the pages draw: page 1 says 'Active
 * content page one', its stamp 'RECORDED STAMP', its field 'FILLED BY FORM'; page 2 says 'Active
 * content page two'; page 3 'Page three is not in the excerpt'; the hidden note 'HIDDEN NOTE'.
 */
export function activeContentPdf(): Uint8Array {
  const script = (payload: string) =>
    `<< /Type /Action /S /JavaScript /JS (app.alert('${payload}')) >>`;
  const form = (text: string, bbox: string) =>
    stream(
      `BT /F1 10 Tf 2 6 Td (${text}) Tj ET`,
      `/Type /XObject /Subtype /Form /BBox [${bbox}] /Resources << /Font << /F1 5 0 R >> >>`,
    );
  const page = (contents: number, extra = '', resources = '') =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R /Resources << /Font << /F1 5 0 R >>${resources} >>${extra} >>`;
  return assemble([
    // 1
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 8 0 R /AA << /WC 8 0 R >> /Names << /JavaScript << /Names [(boot) 8 0 R] >> /EmbeddedFiles << /Names [(payload.exe) 10 0 R] >> >> /AcroForm << /Fields [13 0 R] >> /Outlines 12 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 16 0 R 18 0 R] /Count 3 >>',
    page(4, ' /AA << /O 9 0 R /C 9 0 R >> /Annots [6 0 R 7 0 R 13 0 R 14 0 R 20 0 R]'),
    stream('BT /F1 12 Tf 72 720 Td (Active content page one) Tj ET'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    // 6
    '<< /Type /Annot /Subtype /Link /Rect [72 700 300 740] /Border [0 0 0] /A 9 0 R /P 3 0 R >>',
    '<< /Type /Annot /Subtype /FileAttachment /Rect [400 700 420 720] /FS 10 0 R /Contents (payload.exe) >>',
    script(ACTIVE_CONTENT_MARKERS[0]!),
    script(ACTIVE_CONTENT_MARKERS[1]!),
    '<< /Type /Filespec /F (payload.exe) /UF (payload.exe) /EF << /F 11 0 R >> >>',
    // 11
    stream(`MZ ${ACTIVE_CONTENT_MARKERS[2]!}`, '/Type /EmbeddedFile'),
    '<< /Type /Outlines /First 15 0 R /Last 15 0 R /Count 1 >>',
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (owner) /V (FILLED BY FORM) /F 4 /Rect [72 600 300 620] /P 3 0 R /AA << /K 9 0 R >> /AP << /N 17 0 R >> >>',
    '<< /Type /Annot /Subtype /Stamp /F 4 /Rect [350 640 550 670] /A 9 0 R /AP << /N 19 0 R >> >>',
    '<< /Title (Open me) /Parent 12 0 R /A 8 0 R >>',
    // 16
    page(22, ' /Annots [21 0 R]', ' /Evil 1 0 R'),
    form('FILLED BY FORM', '0 0 228 20'),
    page(23),
    form('RECORDED STAMP', '0 0 200 30'),
    '<< /Type /Annot /Subtype /FreeText /F 2 /Rect [72 500 300 520] /AP << /N 24 0 R >> >>',
    // 21
    '<< /Type /Annot /Subtype /Link /Rect [72 700 300 740] /Dest [18 0 R /Fit] >>',
    stream('BT /F1 12 Tf 72 720 Td (Active content page two) Tj ET'),
    stream('BT /F1 12 Tf 72 720 Td (Page three is not in the excerpt) Tj ET'),
    form('HIDDEN NOTE', '0 0 228 20'),
  ]);
}

/**
 * A page painted with an axial shading whose colour comes from a PostScript calculator function
 * (FunctionType 4): code in the file that a reader has to run, which pdf.js by default compiles
 * into WebAssembly. The text above it reads 'PostScript shading'.
 */
export function postScriptFunctionPdf(): Uint8Array {
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /Shading << /Sh0 6 0 R >> >> >>',
    stream('q 0 0 612 300 re W n /Sh0 sh Q BT /F1 12 Tf 72 720 Td (PostScript shading) Tj ET'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /ShadingType 2 /ColorSpace /DeviceGray /Coords [0 0 612 0] /Function 7 0 R /Extend [true true] >>',
    stream('{ dup mul 1 exch sub }', '/FunctionType 4 /Domain [0 1] /Range [0 1]'),
  ]);
}

function stream(body: string, extra = ''): string {
  return `<< /Length ${body.length}${extra ? ` ${extra}` : ''} >>\nstream\n${body}\nendstream`;
}

/**
 * Writes objects 1..n with a correct cross-reference table, so each hostile file is hostile only
 * where its builder says.
 */
function assemble(
  objects: string[],
  options: { trailer?: string; prevIsSelf?: boolean } = {},
): Uint8Array {
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const prev = options.prevIsSelf ? ` /Prev ${xrefAt}` : '';
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${prev}${options.trailer ? ` ${options.trailer}` : ''} >>\n`;
  body += `startxref\n${xrefAt}\n%%EOF\n`;
  return latin1(body);
}

function latin1(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'latin1'));
}
