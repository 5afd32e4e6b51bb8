import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DOCUMENT_TYPES, type SampleDocument, samplePdf } from './sample-documents.ts';

function sample(overrides: Partial<SampleDocument> = {}): SampleDocument {
  return {
    countyName: 'Sacramento',
    documentNumber: '202411220001234',
    // 18:04 UTC is 10:04 AM in Sacramento (PST).
    recordedAt: new Date('2024-11-22T18:04:00Z'),
    documentType: 'GRANT DEED',
    grantors: ['JANE Q PUBLIC', 'JOHN Q PUBLIC'],
    grantees: ['ACME HOLDINGS LLC'],
    apns: ['012-0345-006-0000'],
    addresses: ['123 MAIN ST, SACRAMENTO, CA 95814'],
    ...overrides,
  };
}

/** The text layer of each page as a PDF reader extracts it, a line per line of text. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given.
  const task = getDocument({ data: bytes.slice(), verbosity: 0 });
  const pdf = await task.promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    texts.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join(''),
    );
  }
  await task.destroy();
  return texts;
}

describe('samplePdf', () => {
  it.each([1, 3, 5, 6])('has the %i pages asked for', async (pages) => {
    const pdf = await PDFDocument.load(await samplePdf(sample(), { pages }));
    expect(pdf.getPageCount()).toBe(pages);
  });

  it('is the same, byte for byte, for the same input and page count', async () => {
    const a = await samplePdf(sample({ documentType: 'DEED OF TRUST' }), { pages: 4 });
    const b = await samplePdf(sample({ documentType: 'DEED OF TRUST' }), { pages: 4 });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const other = await samplePdf(sample({ documentNumber: '202411220001235' }), { pages: 4 });
    expect(Buffer.from(a).equals(Buffer.from(other))).toBe(false);
  });

  it('dates the file at the recording time, not when it was generated', async () => {
    // Loading with updateMetadata would stamp the modification date with now.
    const pdf = await PDFDocument.load(await samplePdf(sample()), { updateMetadata: false });
    expect(pdf.getCreationDate()?.toISOString()).toBe('2024-11-22T18:04:00.000Z');
    expect(pdf.getModificationDate()?.toISOString()).toBe('2024-11-22T18:04:00.000Z');
    expect(pdf.getTitle()).toBe('GRANT DEED 202411220001234');
  });

  it('chooses 3 to 6 pages from the document when not told, the same every time', async () => {
    const counts = new Set<number>();
    for (const documentType of SAMPLE_DOCUMENT_TYPES) {
      for (const suffix of ['1', '2', '3', '4']) {
        const doc = sample({ documentType, documentNumber: `20241122000100${suffix}` });
        const pages = (await PDFDocument.load(await samplePdf(doc))).getPageCount();
        expect(pages).toBeGreaterThanOrEqual(3);
        expect(pages).toBeLessThanOrEqual(6);
        expect((await PDFDocument.load(await samplePdf(doc))).getPageCount()).toBe(pages);
        counts.add(pages);
      }
    }
    // Twenty documents all the same length would mean the choice ignores the document.
    expect(counts.size).toBeGreaterThan(1);
  });

  it('refuses a page count it cannot lay out', async () => {
    await expect(samplePdf(sample(), { pages: 0 })).rejects.toThrow(RangeError);
    await expect(samplePdf(sample(), { pages: 21 })).rejects.toThrow(RangeError);
    await expect(samplePdf(sample(), { pages: 2.5 })).rejects.toThrow(RangeError);
  });

  it('has a text layer with the recording stamp, title, parties, APN and address on page 1', async () => {
    const [first] = await pageTexts(await samplePdf(sample(), { pages: 3 }));
    expect(first).toContain('SACRAMENTO COUNTY RECORDER');
    expect(first).toContain('DOC # 202411220001234');
    expect(first).toContain('Recorded 11/22/2024 10:04 AM');
    expect(first).toContain('GRANT DEED');
    expect(first).toContain('APN: 012-0345-006-0000');
    expect(first).toContain('GRANTOR(S): JANE Q PUBLIC AND JOHN Q PUBLIC');
    expect(first).toContain('GRANTEE(S): ACME HOLDINGS LLC');
    expect(first).toContain('Property address: 123 MAIN ST, SACRAMENTO, CA 95814');
  });

  it('lists every APN and address of a document with several', async () => {
    const [first] = await pageTexts(
      await samplePdf(
        sample({
          apns: ['012-0345-006-0000', '012-0345-007-0000'],
          addresses: ['123 MAIN ST, SACRAMENTO, CA 95814', '125 MAIN ST, SACRAMENTO, CA 95814'],
        }),
        { pages: 3 },
      ),
    );
    expect(first).toContain('APN: 012-0345-006-0000');
    expect(first).toContain('APN: 012-0345-007-0000');
    expect(first).toContain('Property address: 125 MAIN ST, SACRAMENTO, CA 95814');
  });

  it('stamps every page with the document number, and puts the legal description and notary after page 1', async () => {
    const texts = await pageTexts(await samplePdf(sample(), { pages: 4 }));
    texts.forEach((text, i) => expect(text).toContain(`DOC # 202411220001234 Page ${i + 1} of 4`));
    expect(texts[1]).toContain('LEGAL DESCRIPTION');
    expect(texts[1]).toContain("Assessor's Parcel Number(s): 012-0345-006-0000");
    expect(texts[3]).toContain('State of California, County of SACRAMENTO');
    expect(texts[3]).toContain('Notary Public');
    expect(texts[3]).toContain('JANE Q PUBLIC');
  });

  it.each(SAMPLE_DOCUMENT_TYPES)('writes a %s with its own wording', async (documentType) => {
    const [first] = await pageTexts(await samplePdf(sample({ documentType }), { pages: 3 }));
    const wording = {
      'GRANT DEED': 'hereby GRANT(S) to',
      'DEED OF TRUST': 'herein called TRUSTOR',
      RECONVEYANCE: 'RECONVEY',
      LIEN: 'claims a lien upon',
      'NOTICE OF DEFAULT': 'IF YOUR PROPERTY IS IN FORECLOSURE',
    }[documentType];
    expect(first!.replace(/\n/g, ' ')).toContain(wording);
  });

  it('draws a party name outside the standard fonts instead of failing', async () => {
    const bytes = await samplePdf(sample({ grantors: ['Nguyễn Văn Ánh', '李小龍'] }), { pages: 3 });
    const [first] = await pageTexts(bytes);
    // Accents the font lacks lose them; characters with no Latin form become "?".
    expect(first).toContain('Nguyen Van Ánh');
    expect(first).toContain('???');
  });
});
