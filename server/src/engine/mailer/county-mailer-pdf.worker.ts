import type { WorkerReply } from '../../documents/pdf/pdf-worker.ts';
import {
  buildCountyMailerPdf,
  type MailerLetter,
  type MailerOptions,
  type MailerPdf,
  redrawLetterheadPage,
} from './county-mailer-pdf.ts';

// pdf-lib warns once per damaged object it skips; a hostile letterhead could otherwise write
// without bound to the service's log, and the reply already says whether it was usable.
console.warn = () => {};

/**
 * The county-mailer tasks, run by a pooled PDF thread (pdf-thread.ts): `letterhead` redraws the
 * county's letterhead file (`bytes`); `batch` puts the letters together on the redrawn
 * letterhead (`bytes`, when there is one). The reply's bytes move to the host.
 */
export function handle(
  input:
    | { step: 'letterhead'; bytes: Uint8Array }
    | { step: 'batch'; bytes?: Uint8Array; letters: MailerLetter[]; options: MailerOptions },
): Promise<WorkerReply<{ bytes: Uint8Array } | MailerPdf>> {
  if (input.step === 'letterhead') return redrawLetterheadPage(input.bytes);
  return buildCountyMailerPdf(input.letters, { ...input.options, letterhead: input.bytes ?? null });
}
