import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../documents/pdf/extract-text.ts';
import { firstPages } from '../../documents/pdf/first-pages.ts';
import { numberedPdf } from '../../documents/pdf/hostile-pdfs.ts';
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
  whatItDoes:
    'A deed transferring 1 MAIN ST from you was recorded in Sacramento County on 03/02/2026.',
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
