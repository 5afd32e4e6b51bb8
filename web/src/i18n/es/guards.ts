import type { Catalog } from '../catalog.ts';
import type { guards as en } from '../en/guards.ts';

export const guards: Catalog<typeof en> = {};
