import type { Catalog } from '../catalog.ts';
import type { pdf as en } from '../en/pdf.ts';

export const pdf: Catalog<typeof en> = {};
