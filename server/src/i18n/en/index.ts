import { api } from './api.ts';
import { errors } from './errors.ts';
import { mail } from './mail.ts';
import { pdf } from './pdf.ts';
import { reasons } from './reasons.ts';
import { sms } from './sms.ts';
import { stored } from './stored.ts';

/**
 * The English catalog of what the server writes to people: the product's own wording, one file
 * per kind of message, each a top-level key ('mail.layout.questions' is in mail.ts).
 */
export const en = { mail, sms, pdf, reasons, errors, stored, api };
