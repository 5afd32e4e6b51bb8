import type { Catalog } from '../catalog.ts';
import type { sms as en } from '../en/sms.ts';

export const sms: Catalog<typeof en> = {};
