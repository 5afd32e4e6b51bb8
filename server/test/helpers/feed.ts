import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { samplePdf } from '../../src/engine/sample-documents.ts';
import { isoWithOffset } from '../../src/engine/simulate/simulate.ts';

/** One line of a recorder feed v1 index.ndjson, as the tests write it. */
export type FeedLineInput = {
  county: string;
  documentNumber: string;
  recordedAt: string;
  documentType: string;
  grantors: string[];
  grantees: string[];
  apns: string[];
  addresses: string[];
  file: string;
};

/** A new empty folder for a feed. */
export const feedFolder = () => mkdtemp(path.join(os.tmpdir(), 'deedwatch-feed-'));

/** Writes index.ndjson (a string is written as it is, for bad lines) and the PDFs beside it. */
export async function writeFeed(
  folder: string,
  lines: (FeedLineInput | string)[],
  pdfs: Record<string, Uint8Array>,
) {
  await writeFile(
    path.join(folder, 'index.ndjson'),
    lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n',
  );
  for (const [file, bytes] of Object.entries(pdfs)) await writeFile(path.join(folder, file), bytes);
}

/** A grant deed of `county` from DOE RICHARD to ROE JANE, recorded at `recordedAt`. */
export function feedLine(
  county: string,
  recordedAt: Date,
  overrides: Partial<FeedLineInput> & { documentNumber: string },
): FeedLineInput {
  return {
    county,
    recordedAt: isoWithOffset(recordedAt),
    documentType: 'GRANT DEED',
    grantors: ['DOE RICHARD'],
    grantees: ['ROE JANE'],
    apns: [],
    addresses: [],
    file: `${overrides.documentNumber}.pdf`,
    ...overrides,
  };
}

/** The sample PDF of a line; its text names the line's APNs, or an APN nobody guards. */
export function feedPdf(l: FeedLineInput, pages: number, textApns = l.apns, countyName = 'Engine') {
  return samplePdf(
    {
      countyName,
      documentNumber: l.documentNumber,
      recordedAt: new Date(l.recordedAt),
      documentType: l.documentType,
      grantors: l.grantors,
      grantees: l.grantees,
      apns: textApns.length > 0 ? textApns : ['999-9999-999-9999'],
      addresses: l.addresses,
    },
    { pages },
  );
}
