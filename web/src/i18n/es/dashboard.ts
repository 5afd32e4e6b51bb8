import type { Catalog } from '../catalog.ts';
import type { dashboard as en } from '../en/dashboard.ts';

export const dashboard: Catalog<typeof en> = {};
