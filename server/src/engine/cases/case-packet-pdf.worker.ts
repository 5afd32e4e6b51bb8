import type { WorkerReply } from '../../documents/pdf/pdf-worker.ts';
import { buildCasePacketPdf, type CasePacket } from './case-packet-pdf.ts';

// pdf-lib warns once per damaged object it skips; the reply already says whether the excerpt
// was usable.
console.warn = () => {};

/** The case-packet task, run by a pooled PDF thread (pdf-thread.ts); the reply's bytes move to the host. */
export function handle(input: {
  bytes?: Uint8Array;
  packet: CasePacket;
}): Promise<WorkerReply<{ bytes: Uint8Array; pages: number }>> {
  return buildCasePacketPdf(input.packet, input.bytes ?? null);
}
