import type { Catalog } from '../catalog.ts';
import type { en } from '../en/index.ts';
import { api } from './api.ts';
import { errors } from './errors.ts';
import { mail } from './mail.ts';
import { pdf } from './pdf.ts';
import { reasons } from './reasons.ts';
import { sms } from './sms.ts';
import { stored } from './stored.ts';

/** The Spanish catalog: a translation of every English entry. */
export const es: Catalog<typeof en> = { mail, sms, pdf, reasons, errors, stored, api };
