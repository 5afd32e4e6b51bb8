import type { WorkerReply } from '../../documents/pdf/pdf-worker.ts';
import {
  buildCountyMailerPdf,
  type MailerLetter,
  type MailerOptions,
  type MailerPdf,
} from './county-mailer-pdf.ts';

// pdf-lib warns once per damaged object it skips; a hostile letterhead could otherwise write
// without bound to the service's log, and the reply already says whether it was usable.
console.warn = () => {};

/**
 * The county-mailer task, run by a pooled PDF thread (pdf-thread.ts): `bytes` is the letterhead,
 * when the county has one; the reply's bytes move to the host.
 */
export function handle({
  bytes,
  letters,
  options,
}: {
  bytes?: Uint8Array;
  letters: MailerLetter[];
  options: MailerOptions;
}): Promise<WorkerReply<MailerPdf>> {
  return buildCountyMailerPdf(letters, { ...options, letterhead: bytes ?? null });
}
