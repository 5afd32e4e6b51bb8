import { buffer } from 'node:stream/consumers';
import type { Engine } from '../engine.ts';
import { ensureExcerpt, EXCERPT_CONTAINER } from '../alerts/alerts.service.ts';
import { type CasePacket, casePacketPdf } from './case-packet-pdf.ts';

/**
 * The blob container of case packets: never a county's, whose codes are upper-case letters,
 * digits and underscores, so no feed file can take a packet's key and no document link can
 * serve one.
 */
export const PACKET_CONTAINER = 'case-packets';

export const packetFileOf = (caseId: string) => `${caseId}.pdf`;

/**
 * Writes the case packet of a case about to be opened into the blob store, with the document's
 * first pages (the alert excerpt, made now if no alert made it); returns its file name. A
 * document that cannot be read gives a packet that says so.
 */
export async function writeCasePacket(
  engine: Pick<Engine, 'db' | 'blobs' | 'pdfLimits'>,
  doc: Parameters<typeof ensureExcerpt>[1],
  caseId: string,
  packet: CasePacket,
): Promise<string> {
  const excerpt = await ensureExcerpt(engine, doc, packet.language);
  let pages: Uint8Array | null = null;
  if (excerpt) {
    const stored = await engine.blobs.get(EXCERPT_CONTAINER, excerpt.file);
    if (stored) pages = new Uint8Array(await buffer(stored.stream));
  }
  const pdf = await casePacketPdf(packet, pages, engine.pdfLimits);
  const file = packetFileOf(caseId);
  await engine.blobs.put(PACKET_CONTAINER, file, pdf.bytes);
  return file;
}
