import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../documents/pdf/extract-text.ts';
import { firstPages } from '../../documents/pdf/first-pages.ts';
import { numberedPdf } from '../../documents/pdf/hostile-pdfs.ts';
import { PDFJS_OPTIONS } from '../../documents/pdf/pdfjs-options.ts';
import { buildCasePacketPdf, type CasePacket } from './case-packet-pdf.ts';

/** The title and the catalog's /Lang of a PDF, read back. */
async function metadataOf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const lang = pdf.catalog.lookupMaybe(PDFName.of('Lang'), PDFString);
  const prefs = pdf.catalog.lookupMaybe(PDFName.of('ViewerPreferences'), PDFDict);
  return {
    title: pdf.getTitle(),
    lang: lang?.decodeText(),
    showsTitle: prefs?.get(PDFName.of('DisplayDocTitle'))?.toString(),
  };
}

/** The text pieces of a PDF's first `pages` pages, with where each starts and how wide it is. */
async function textItems(bytes: Uint8Array, pages: number) {
  const task = getDocument({ ...PDFJS_OPTIONS, data: bytes.slice(), verbosity: 0 });
  const pdf = await task.promise;
  const items: { str: string; x: number; width: number }[] = [];
  for (let n = 1; n <= Math.min(pages, pdf.numPages); n++) {
    for (const item of (await (await pdf.getPage(n)).getTextContent()).items) {
      if ('str' in item) items.push({ str: item.str, x: item.transform[4], width: item.width });
    }
  }
  await task.destroy();
  return items;
}

const packet = (overrides: Partial<CasePacket> = {}): CasePacket => ({
  caseNumber: 'DW-2026-0007',
  reportedAt: new Date('2026-03-04T18:00:00Z'),
  document: {
    number: 'SAC-2026-0001',
    type: 'GRANT DEED',
    recordedAt: new Date('2026-03-02T18:00:00Z'),
    county: 'Sacramento County',
    countyLinkUrl: 'https://ccr.saccounty.gov',
  },
  level: 'Act now',
  whatWasRecorded:
    'A grant deed naming PUBLIC JANE as grantor was recorded in Sacramento County on 03/02/2026.',
  match: {
    guarded: 'PUBLIC JANE',
    kind: 'by name',
    matchedValue: 'PUBLIC JANE',
    role: null,
    tier: 'exact match',
    reason: 'Same name: PUBLIC JANE',
  },
  problem: 'I did not sign this document',
  statement: 'I never sold my house.',
  contact: { email: 'jane@example.test', phone: '', preferred: 'email' },
  fraudContact: [],
  support: { phone: '(916) 555-0100', email: 'help@deedwatch.test' },
  ...overrides,
});

describe('the case packet PDF', { timeout: 30_000 }, () => {
  it('is titled and in English for an English subscriber, its text as before', async () => {
    const reply = await buildCasePacketPdf(packet(), await numberedPdf(3));
    if (!reply.ok) throw new Error(reply.detail);
    expect(await metadataOf(reply.bytes)).toEqual({
      title: 'DeedWatch case DW-2026-0007: document SAC-2026-0001',
      lang: 'en',
      showsTitle: 'true',
    });
    const text = await extractPdfText(reply.bytes);
    if (!text.ok) throw new Error(text.reason);
    expect(text.text).toContain('DeedWatch case packet');
    expect(text.text).toContain('Document type: GRANT DEED');
    expect(text.text).toContain('Recording date: 03/02/2026');
    expect(text.text).toContain('The first 2 pages of document SAC-2026-0001 follow.');
  });

  it('is titled, written and tagged in Spanish for a Spanish subscriber', async () => {
    const reply = await buildCasePacketPdf(
      packet({
        language: 'es',
        document: {
          ...packet().document,
          county: 'condado de Sacramento',
          countyField: 'Sacramento',
        },
      }),
      null,
    );
    if (!reply.ok) throw new Error(reply.detail);
    expect(await metadataOf(reply.bytes)).toEqual({
      title: 'Caso de DeedWatch DW-2026-0007: documento SAC-2026-0001',
      lang: 'es',
      showsTitle: 'true',
    });
    const text = await extractPdfText(reply.bytes);
    if (!text.ok) throw new Error(text.reason);
    expect(text.text).toContain('Expediente del caso de DeedWatch');
    expect(text.text).toContain('Tipo de documento: Escritura de concesión');
    expect(text.text).toContain('Fecha de registro: 02/03/2026');
    expect(text.text).toContain('Próximos pasos');
    expect(text.text).toContain('Solicítela al Registrador del condado de Sacramento');
    expect(text.text).not.toContain('Next steps');

    // A type it does not know is given as the county wrote it.
    const unknown = await buildCasePacketPdf(
      packet({ language: 'es', document: { ...packet().document, type: 'OWNERS NOTICE' } }),
      null,
    );
    if (!unknown.ok) throw new Error(unknown.detail);
    const unknownText = await extractPdfText(unknown.bytes);
    expect(unknownText.ok && unknownText.text).toContain('Tipo de documento: OWNERS NOTICE');
  });

  it('breaks a long web address across lines inside the margins, and folds letters the font lacks', async () => {
    const countyLinkUrl = `https://recorder.example.gov/official-records/search/document-index?county=SAC&${'q=0123456789&'.repeat(8)}view=full`;
    const reply = await buildCasePacketPdf(
      packet({
        document: { ...packet().document, countyLinkUrl },
        match: { ...packet().match, matchedValue: 'ŁUKASZ ŻÓŁĆ' },
      }),
      null,
    );
    if (!reply.ok) throw new Error(reply.detail);
    const items = await textItems(reply.bytes, reply.pages);
    for (const item of items) {
      expect(item.x + item.width, item.str).toBeLessThanOrEqual(612 - 54 + 0.01);
    }
    // The lines joined give the address whole, in the County Recorder field, the fraud contact
    // and the first step.
    expect(
      items
        .map((i) => i.str)
        .join('')
        .split(countyLinkUrl),
    ).toHaveLength(4);
    const text = items.map((i) => i.str).join(' ');
    expect(text).toContain('LUKASZ ZÓLC');
    expect(text).not.toContain('?UKASZ');
  });
});

describe("an alert's excerpt", { timeout: 30_000 }, () => {
  it('carries the title and language it is given', async () => {
    const excerpt = await firstPages(await numberedPdf(3), 2, undefined, {
      title: 'Documento SAC-1: las primeras 2 páginas',
      language: 'es',
    });
    expect(await metadataOf(excerpt.bytes)).toEqual({
      title: 'Documento SAC-1: las primeras 2 páginas',
      lang: 'es',
      showsTitle: 'true',
    });
  });
});
