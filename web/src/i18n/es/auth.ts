import type { Catalog } from '../catalog.ts';
import type { auth as en } from '../en/auth.ts';

export const auth: Catalog<typeof en> = {};
