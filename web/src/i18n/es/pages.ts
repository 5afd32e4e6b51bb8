import type { Catalog } from '../catalog.ts';
import type { pages as en } from '../en/pages.ts';

export const pages: Catalog<typeof en> = {};
