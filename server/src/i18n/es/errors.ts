import type { Catalog } from '../catalog.ts';
import type { errors as en } from '../en/errors.ts';

export const errors: Catalog<typeof en> = {};
