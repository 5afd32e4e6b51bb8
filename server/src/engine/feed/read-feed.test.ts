import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FeedError, feedStats, MAX_LINE_BYTES, readFeed, resolveFeedFolder } from './read-feed.ts';

const doc = (n: number, changes: Record<string, unknown> = {}) =>
  JSON.stringify({
    county: 'SAC',
    documentNumber: `2026-${n}`,
    recordedAt: '2026-11-20T09:15:00-08:00',
    documentType: 'GRANT DEED',
    grantors: ['SMITH JOHN'],
    grantees: ['GARCIA ROSA'],
    apns: [],
    addresses: [],
    file: `${n}.pdf`,
    ...changes,
  });

let folder: string;
beforeEach(async () => {
  folder = await realpath(await mkdtemp(path.join(os.tmpdir(), 'feed-')));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const writeIndex = (content: string | Buffer) =>
  writeFile(path.join(folder, 'index.ndjson'), content);

async function entries(options?: { maxLineBytes?: number }) {
  const out = [];
  for await (const entry of readFeed(folder, options)) {
    out.push(
      entry.ok
        ? { lineNumber: entry.lineNumber, documentNumber: entry.line.documentNumber }
        : { lineNumber: entry.lineNumber, reason: entry.reason },
    );
  }
  return out;
}

describe('readFeed', () => {
  it('yields each non-blank line with its line number: documents and reasons', async () => {
    await writeIndex(
      [doc(1), '', '   ', '{"county": ', doc(2, { file: 'x.txt' }), doc(3)].join('\n') + '\n',
    );
    expect(await entries()).toEqual([
      { lineNumber: 1, documentNumber: '2026-1' },
      { lineNumber: 4, reason: expect.stringMatching(/^invalid JSON: /) },
      { lineNumber: 5, reason: expect.stringMatching(/^file must be a file name ending in \.pdf/) },
      { lineNumber: 6, documentNumber: '2026-3' },
    ]);
  });

  it('reads CRLF line ends, a byte-order mark and a last line without a line end', async () => {
    await writeIndex(`\uFEFF${doc(1)}\r\n\r\n${doc(2)}\r\n${doc(3)}`);
    expect(await entries()).toEqual([
      { lineNumber: 1, documentNumber: '2026-1' },
      { lineNumber: 3, documentNumber: '2026-2' },
      { lineNumber: 4, documentNumber: '2026-3' },
    ]);
  });

  it('reports a line over 1 MB as that line, and reads on', async () => {
    const huge = `{"county": "${'A'.repeat(MAX_LINE_BYTES)}"}`;
    await writeIndex([doc(1), huge, doc(3)].join('\n'));
    expect(await entries()).toEqual([
      { lineNumber: 1, documentNumber: '2026-1' },
      {
        lineNumber: 2,
        reason: `the line is ${Buffer.byteLength(huge).toLocaleString('en-US')} bytes long; a line may be at most 1,048,576 bytes`,
      },
      { lineNumber: 3, documentNumber: '2026-3' },
    ]);
  });

  it('does not count the CR of a CRLF against the limit, across read chunks', async () => {
    // The read chunks are 256 KiB: the CR is the last byte of the first chunk, the LF the first
    // of the second. A line of exactly the limit passes; one byte more does not.
    const limit = 256 * 1024 - 1;
    const exact = `"${'x'.repeat(limit - 2)}"`;
    await writeIndex(`${exact}\r\n${exact}x\r\n${doc(3)}\r\n`);
    expect(await entries({ maxLineBytes: limit })).toEqual([
      { lineNumber: 1, reason: 'a line must be a JSON object with the fields of recorder feed v1' },
      { lineNumber: 2, reason: expect.stringMatching(/^the line is 262,144 bytes long/) },
      { lineNumber: 3, documentNumber: '2026-3' },
    ]);
  });

  it('reports a line that is not UTF-8 and reads on', async () => {
    await writeIndex(
      Buffer.concat([
        Buffer.from(`${doc(1)}\n`),
        Buffer.from(doc(2, { grantors: ['NU\u00d1EZ'] }), 'latin1'),
        Buffer.from(`\n${doc(3)}\n`),
      ]),
    );
    expect(await entries()).toEqual([
      { lineNumber: 1, documentNumber: '2026-1' },
      { lineNumber: 2, reason: 'the line is not valid UTF-8 text' },
      { lineNumber: 3, documentNumber: '2026-3' },
    ]);
  });

  it('throws a FeedError naming the folder when index.ndjson is missing', async () => {
    await expect(entries()).rejects.toThrow(
      new FeedError(`Feed folder '${folder}' has no index.ndjson`),
    );
    const missing = path.join(folder, 'nowhere');
    await expect(readFeed(missing).next()).rejects.toBeInstanceOf(FeedError);
  });

  it('refuses an index.ndjson that is a symbolic link or a hard link, without reading it', async () => {
    // What the link points at is a valid index: were it followed, its document would be read.
    const outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'feed-outside-')));
    try {
      await writeFile(path.join(outside, 'index.ndjson'), `${doc(1)}\n`);
      await symlink(path.join(outside, 'index.ndjson'), path.join(folder, 'index.ndjson'));
      await expect(entries()).rejects.toThrow(
        /index\.ndjson of '.*' is refused: index\.ndjson is a symbolic link, which is not followed/,
      );
      await rm(path.join(folder, 'index.ndjson'));
      await link(path.join(outside, 'index.ndjson'), path.join(folder, 'index.ndjson'));
      await expect(entries()).rejects.toThrow(/has 2 hard links/);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuses an index reached through a linked folder: the folder must be its real path', async () => {
    await writeIndex(`${doc(1)}\n`);
    const linked = `${folder}-link`;
    await symlink(folder, linked);
    try {
      await expect(readFeed(linked).next()).rejects.toThrow(/is not a file of the folder/);
      expect(await resolveFeedFolder(linked)).toBe(folder);
      await expect(resolveFeedFolder(linked, { followLink: false })).rejects.toThrow(
        /is a symbolic link, which is not followed/,
      );
      await mkdir(path.join(folder, 'sub'));
      await expect(
        resolveFeedFolder(path.join(linked, 'sub'), { followLink: false }),
      ).rejects.toThrow(/reached through a symbolic link/);
    } finally {
      await rm(linked);
    }
  });

  it('closes the file when the reader stops early', async () => {
    await writeIndex([doc(1), doc(2), doc(3)].join('\n'));
    for await (const entry of readFeed(folder)) {
      expect(entry.lineNumber).toBe(1);
      break;
    }
    // Removing the folder works on every platform only once nothing holds the file open.
    await rm(folder, { recursive: true });
  });
});

describe('feedStats', () => {
  it('counts documents per county, rejected lines, missing PDFs and repeated documents', async () => {
    await writeIndex(
      [
        doc(1),
        doc(2, { county: 'PLA' }),
        'not json',
        doc(1),
        doc(4, { grantors: [], grantees: [] }),
        doc(5),
      ].join('\n'),
    );
    await writeFile(path.join(folder, '1.pdf'), '%PDF-1.4');
    // A PDF that is a link is no PDF of the feed.
    await symlink(path.join(folder, '1.pdf'), path.join(folder, '5.pdf'));
    expect(await feedStats(folder)).toEqual({
      documents: 4,
      invalid: 2,
      reasons: [
        { lineNumber: 3, reason: expect.stringMatching(/^invalid JSON: /) },
        { lineNumber: 5, reason: 'a document needs at least one grantor or grantee' },
      ],
      counties: { SAC: 3, PLA: 1 },
      missingFiles: 2,
      missingFileNames: ['2.pdf', '5.pdf'],
      duplicateDocuments: 1,
    });
  });
});
