import type { Catalog } from '../catalog.ts';
import type { reasons as en } from '../en/reasons.ts';

export const reasons: Catalog<typeof en> = {};
