import type { Catalog } from '../catalog.ts';
import type { apiAccess as en } from '../en/api-access.ts';

export const apiAccess: Catalog<typeof en> = {};
